#!/usr/bin/env python3
"""Writes the tool stages fuzzer's seed corpus: the text of every TILETUNE(...) annotation in the
tool's lit tests (tests/tool/**/*.cu) and the examples (examples/**/*.cu), each after a first byte
that picks the fuzzer's host context (from a hash of the annotation, so that every context gets
seeds). Run from anywhere; it rewrites corpus/ next to itself."""
import hashlib
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
CONTEXTS = 4


def annotations(text):
    """The text between each `TILETUNE(` and its matching `)`; an unclosed one is skipped."""
    for match in re.finditer(r"\bTILETUNE\(", text):
        depth, start = 1, match.end()
        for i in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                yield text[start:i]
                break


def main():
    corpus = HERE / "corpus"
    corpus.mkdir(exist_ok=True)
    for old in corpus.iterdir():
        old.unlink()
    seeds = set()
    for directory in (ROOT / "tests" / "tool", ROOT / "examples"):
        for path in sorted(directory.rglob("*.cu")):
            text = path.read_text(errors="replace")
            for annotation in annotations(text):
                context = hashlib.sha1(annotation.encode()).digest()[0] % CONTEXTS
                seeds.add(bytes([context]) + annotation.encode())
    for seed in sorted(seeds):
        (corpus / hashlib.sha1(seed).hexdigest()[:16]).write_bytes(seed)
    print(f"{len(seeds)} seeds in {corpus}")


if __name__ == "__main__":
    main()
