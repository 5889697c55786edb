import csv
import sys


def main(source, target):
    with open(source, newline="") as src, open(target, "w", newline="") as dst:
        rows = [row for row in csv.reader(src) if any(cell.strip() for cell in row)]
        csv.writer(dst).writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
