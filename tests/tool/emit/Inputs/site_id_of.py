#!/usr/bin/env python3
"""Prints the identity (emit/site_id.h) of the first site of a generated file, computed apart from
the tool: FNV-1a 64 of the site's slice without its #line lines, a NUL byte, and the annotation's
text as written between TILETUNE's parentheses. Only for a plain site (no instantiation, no C++20
option) whose annotation has no macros or line splices.

usage: site_id_of.py GENERATED.cu INPUT.cu
"""
import re
import sys


def fnv1a64(data, value=0xcbf29ce484222325):
    for byte in data:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


def main():
    generated = open(sys.argv[1], "rb").read()
    opening = b'_source[] = R"tiletune('
    start = generated.index(opening) + len(opening)
    source = generated[start:generated.index(b')tiletune"', start)]
    lines = source[:-1].split(b"\n") if source.endswith(b"\n") else source.split(b"\n")
    kept = b"".join(line + b"\n" for line in lines if not line.lstrip(b" \t").startswith(b"#line "))
    text = open(sys.argv[2], "rb").read()
    open_paren = re.search(rb"^[ \t]+TILETUNE\(", text, re.MULTILINE).end()
    depth, end = 1, open_paren
    while depth:
        depth += {ord("("): 1, ord(")"): -1}.get(text[end], 0)
        end += 1
    annotation = text[open_paren:end - 1]
    print("%016x" % fnv1a64(annotation, fnv1a64(b"\0", fnv1a64(kept))))


if __name__ == "__main__":
    main()
