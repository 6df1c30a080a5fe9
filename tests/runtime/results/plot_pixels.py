#!/usr/bin/env python3
"""Checks a PNG that a real SVG renderer made of a `tiletune-results plot` picture.

usage: plot_pixels.py PICTURE.png WIDTH HEIGHT

The picture is WIDTH x HEIGHT (the SVG's size, rounded up), something is drawn, the winner's red is
there, and a border of white runs round every edge: text the canvas is too narrow for would be cut
at an edge and leave its pixels there. Prints what is wrong and exits 1; exits 0 when all holds.
"""
import struct
import sys
import zlib

BORDER = 3  # px of white expected along each edge


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    at, chunks = 8, {}
    idat = b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IDAT":
            idat += body
        else:
            chunks.setdefault(kind, body)
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise SystemExit(f"{path}: expected 8-bit RGB(A), not interlaced")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    pixel = lambda x, y: tuple(rows[y][x * channels:x * channels + 3])
    return width, height, pixel


def main():
    path, want_width, want_height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, pixel = read_png(path)
    problems = []
    if (width, height) != (want_width, want_height):
        problems.append(f"{width}x{height}, not the SVG's {want_width}x{want_height}")
    white = (255, 255, 255)
    edge = [(x, y) for y in range(height) for x in range(width)
            if x < BORDER or y < BORDER or x >= width - BORDER or y >= height - BORDER]
    touched = [(x, y) for x, y in edge if pixel(x, y) != white]
    if touched:
        problems.append(f"{len(touched)} pixels drawn at the edge (text cut off?), first at "
                        f"{touched[0]}")
    drawn = sum(1 for y in range(height) for x in range(width) if pixel(x, y) != white)
    if drawn < 500:
        problems.append(f"only {drawn} pixels drawn")
    crimson = sum(1 for y in range(height) for x in range(width)
                  if pixel(x, y) == (220, 20, 60))
    if crimson < 50:
        problems.append(f"the winner's red is missing ({crimson} pixels)")
    for p in problems:
        print(f"{path}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
