#!/usr/bin/env python3
"""Holds every #include of the product to the include rules (cmake/IncludeRules.cmake).

Each part (include, common, runtime, tool) is a folder of the tree whose quoted includes are
written from its root. An include is resolved as the compiler would: a quoted one next to the
including file first, then from each part's root. One that resolves into another part that the
rules do not allow is an error, and so is one that two roots resolve (a folder name used by two
parts makes every include of it ambiguous). One that resolves nowhere is the system's, CUDA's or
Clang's. Exit status: 0 when every include keeps to the rules, 1 otherwise (each break on a line
FILE:LINE: ...), 2 on a usage error.

    check_includes.py --root REPO --rule include= --rule common=include \
        --rule runtime=common,include --rule tool=common,include
"""

import argparse
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".cu", ".cuh", ".inc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def parse_rules(texts):
    rules = {}
    for text in texts:
        part, _, allowed = text.partition("=")
        if not part or "/" in part:
            sys.exit(f"check_includes.py: --rule {text!r} is not PART=PART,PART,...")
        rules[part] = {part} | {a for a in allowed.split(",") if a}
    return rules


def part_of(path, root, parts):
    relative = path.relative_to(root)
    return relative.parts[0] if relative.parts and relative.parts[0] in parts else None


def resolve(including, written, quoted, root, parts):
    """The parts' files that `written` names from `including`: [] when none (a system header)."""
    if quoted:
        beside = (including.parent / written).resolve()
        if beside.is_file() and beside.is_relative_to(root):
            return [beside]
    return [(root / part / written).resolve() for part in parts if (root / part / written).is_file()]


def breaks(root, rules):
    parts = list(rules)
    for part in parts:
        for path in sorted((root / part).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            for number, line in enumerate(lines, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                quoted, written = match.group(1) == '"', match.group(2)
                where = f"{path.relative_to(root)}:{number}"
                found = resolve(path, written, quoted, root, parts)
                if len(found) > 1:
                    names = ", ".join(str(f.relative_to(root)) for f in found)
                    yield f"{where}: \"{written}\" is ambiguous: it names {names}"
                    continue
                if not found:
                    continue
                target = part_of(found[0], root, parts)
                if target is not None and target not in rules[part]:
                    allowed = ", ".join(sorted(rules[part] - {part})) or "nothing else"
                    yield (f"{where}: {part}/ includes {found[0].relative_to(root)} "
                           f"({target}/); {part}/ may include its own files and {allowed} "
                           f"(cmake/IncludeRules.cmake)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, type=pathlib.Path)
    parser.add_argument("--rule", action="append", required=True, metavar="PART=PART,...")
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    rules = parse_rules(arguments.rule)
    missing = [part for part in rules if not (root / part).is_dir()]
    if missing:
        print(f"check_includes.py: no folder {', '.join(missing)} under {root}", file=sys.stderr)
        return 2
    found = list(breaks(root, rules))
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
