"""Print the text of every page of a PDF, one page per block."""
import sys

from pypdf import PdfReader

for number, page in enumerate(PdfReader(sys.argv[1]).pages, start=1):
    print(f"--- page {number} ---")
    print(page.extract_text())
