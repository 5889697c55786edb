"""Sort a list of changes into the release notes' sections.

Reads changes written as conventional commits ("feat: ...", "fix(scope): ...") from
standard input, one per line or separated by semicolons, and prints them under New,
Improved and Fixed; refactorings, build, CI, test and docs changes are counted and left out.
"""
import re
import sys

SECTIONS = {"feat": "New", "perf": "Improved", "improve": "Improved", "fix": "Fixed"}
LEFT_OUT = {"refactor", "build", "ci", "test", "chore", "docs", "style"}
CHANGE = re.compile(r"\b(" + "|".join(sorted(SECTIONS.keys() | LEFT_OUT)) + r")(?:\([^)]*\))?!?:\s*([^;\n]+)")

grouped = {section: [] for section in ("New", "Improved", "Fixed")}
left_out = 0
for kind, summary in CHANGE.findall(sys.stdin.read()):
    summary = summary.strip().rstrip(".")
    if kind in SECTIONS:
        grouped[SECTIONS[kind]].append(summary[:1].upper() + summary[1:] + ".")
    elif kind in LEFT_OUT:
        left_out += 1

if not any(grouped.values()):
    print("No changes found: write them as 'feat: ...', 'fix: ...' or 'perf: ...'.", file=sys.stderr)
    sys.exit(2)
for section, changes in grouped.items():
    if changes:
        print(f"**{section}**")
        for change in changes:
            print(f"- {change}")
if left_out:
    print(f"({left_out} internal change{'s' if left_out > 1 else ''} left out)")
