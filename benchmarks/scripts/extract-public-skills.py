#!/usr/bin/env python3
"""Extract the public-skills routing evaluation's data from bare git mirrors.

Usage: extract-public-skills.py MIRRORS_DIR OUT_DIR

MIRRORS_DIR holds OWNER+NAME/repo bare mirrors of public skill repositories. For each
SKILL.md whose licence allows redistribution with attribution (the skill folder's own
LICENSE file if it has one, else the repository's), it keeps the name, the description,
when_to_use and the first BODY_CHARS characters of the body, in one file per repository
and licence (skills-OWNER-NAME.txt), lists those files in index.txt, and writes NOTICE.md: repository, commit, licence,
what was kept and what was left out and why.
"""
import os
import re
import subprocess
import sys

import yaml

BODY_CHARS = 500
DESCRIPTION_CHARS = 1024
NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

# The repositories, in the order in which a name taken twice is kept (first wins); the
# licence of the repository where it has no LICENSE file at its root, from its README.
REPOS = [
    ("anthropics+skills", None),
    ("openai+skills", None),
    ("obra+superpowers", "repo"),
    ("getsentry+skills", "repo"),
    ("vercel-labs+agent-skills", "MIT (README, section License)"),
    ("UiPath+skills", "repo"),
    ("trailofbits+skills", "repo"),
    ("K-Dense-AI+claude-scientific-skills", "repo"),
    ("wshobson+agents", "repo"),
    ("alirezarezvani+claude-skills", "repo"),
    ("ComposioHQ+awesome-claude-skills", "Apache-2.0 (README, section License)"),
]


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True).stdout


def classify(text):
    """The SPDX id of a licence text, or None when it does not allow redistribution."""
    if "All rights reserved" in text and "Permission is hereby granted" not in text:
        return None
    if "OWASP" in text:
        return "CC-BY-SA-4.0 (derived from the OWASP Cheat Sheet Series)"
    if "Attribution-ShareAlike 4.0" in text:
        return "CC-BY-SA-4.0"
    if "Apache License" in text:
        return "Apache-2.0"
    if "MIT License" in text or "Permission is hereby granted, free of charge" in text:
        return "MIT"
    return None


def split(text):
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    match = re.match(r"^---\n(.*?)\n---\n?(.*)$", text, re.S)
    if not match:
        return None, text
    return match.group(1), match.group(2)


def one_line(value):
    return " ".join(str(value).split())


def escaped(value):
    return value.replace("\\", "\\\\").replace("\n", "\\n")


def main(mirrors, out):
    taken = {}
    notice = []
    files = []
    for repo_name, repo_licence in REPOS:
        repo = os.path.join(mirrors, repo_name, "repo")
        commit = git(repo, "rev-parse", "HEAD").decode().strip()
        entries = [line.split("\t", 1) for line in git(repo, "ls-tree", "-r", "HEAD").decode().splitlines()]
        paths = [path for _, path in entries]
        links = {path for mode, path in entries if mode.startswith("120000")}
        licence_files = {p for p in paths if re.search(r"(^|/)LICEN[CS]E(\.(txt|md))?$", p, re.I)}
        root_licence = None
        if repo_licence == "repo":
            root = next(p for p in licence_files if "/" not in p)
            root_licence = classify(git(repo, "show", "HEAD:" + root).decode())
        elif repo_licence is not None:
            root_licence = repo_licence.split(" ")[0]
        kept = {}
        left_out = []
        for path in sorted(p for p in paths if re.search(r"(^|/)SKILL\.md$", p)):
            if re.search(r"(^|/)(tests?|fixtures?)/", path) or path in links:
                # Test fixtures are not skills; a link repeats a skill kept under its own path.
                continue
            folder = os.path.dirname(path)
            own = [f for f in licence_files if os.path.dirname(f) == folder]
            licence = classify(git(repo, "show", "HEAD:" + own[0]).decode()) if own else root_licence
            if licence is None:
                left_out.append((path, "its licence does not allow redistribution" if own
                                 else "no licence (none in the skill folder or at the repository's root)"))
                continue
            front, body = split(git(repo, "show", "HEAD:" + path).decode("utf-8", "replace"))
            try:
                meta = yaml.safe_load(front) if front else None
            except yaml.YAMLError:
                meta = None
            if not isinstance(meta, dict) or not meta.get("description"):
                left_out.append((path, "no frontmatter with a description that parses"))
                continue
            name = str(meta.get("name") or "")
            if not NAME.match(name) or len(name) > 64:
                # As a lenient loader would: the folder names a skill whose own name is unusable.
                name = os.path.basename(folder)
            if not NAME.match(name) or len(name) > 64:
                left_out.append((path, "name %r is not a valid skill name" % name))
                continue
            if name in taken:
                left_out.append((path, "name %s already kept from %s" % (name, taken[name])))
                continue
            taken[name] = repo_name.replace("+", "/")
            lines = ["skill: " + name, "source: " + path,
                     "description: " + one_line(meta["description"])[:DESCRIPTION_CHARS]]
            if meta.get("when_to_use"):
                lines.append("when_to_use: " + one_line(meta["when_to_use"])[:DESCRIPTION_CHARS])
            lines.append("body: " + escaped(body.strip()[:BODY_CHARS]))
            kept.setdefault(licence, []).append("\n".join(lines))
        github = repo_name.replace("+", "/")
        for licence, blocks in kept.items():
            suffix = "" if len(kept) == 1 else "-" + licence.split(" ")[0].lower()
            file = "skills-%s%s.txt" % (repo_name.replace("+", "-").lower(), suffix)
            with open(os.path.join(out, file), "w", encoding="utf-8") as f:
                f.write("# Excerpts (name, description, when_to_use, the first %d characters of the body) of the\n"
                        "# skills of https://github.com/%s at commit %s, licence %s.\n"
                        "# Copyright their authors; see NOTICE.md. Extracted by benchmarks/scripts/extract-public-skills.py.\n\n"
                        % (BODY_CHARS, github, commit, licence))
                f.write("\n\n".join(blocks) + "\n")
            files.append(file)
            notice.append("| [%s](https://github.com/%s) | `%s` | %s | %d | `%s` |"
                          % (github, github, commit[:12], licence, len(blocks), file))
        for path, why in left_out:
            notice.append("| %s | | left out: `%s` | | %s |" % (github, path, why))
    with open(os.path.join(out, "index.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(files) + "\n")
    with open(os.path.join(out, "NOTICE.md"), "w", encoding="utf-8") as f:
        f.write("# Attribution of the public-skills evaluation data\n\n"
                "The `skills-*.txt` files hold excerpts of public skills (name, description, `when_to_use`\n"
                "and the first %d characters of the body), kept only to measure the catalog's ranking. Each\n"
                "file is under the licence of the skills it was taken from, named below and in its header;\n"
                "the copyright stays with their authors. A skill folder's own LICENSE file decides over its\n"
                "repository's; skills under a proprietary licence (\"All rights reserved\") or none are left\n"
                "out, as are skills whose frontmatter does not parse, whose name (nor their folder's) is not a\n"
                "valid skill name, or whose name an earlier repository already had. A skill whose own name is\n"
                "not valid (\"Ahrefs Automation\") is kept under its folder's name.\n\n"
                "| repository | commit | licence | skills | file / reason |\n|---|---|---|---|---|\n" % BODY_CHARS)
        f.write("\n".join(notice) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
