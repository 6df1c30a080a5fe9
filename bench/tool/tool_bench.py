#!/usr/bin/env python3
"""Times the tiletune tool on each file against `clang -fsyntax-only` with the same flags on the
same file, and prints the ratio (goal: at most 1.5: the tool should cost little more than the
parse it needs). The goal is for the tool without its NVRTC device check (--no-device-check); the
check's cost is printed beside it: "cold" with an empty check cache each run (every instantiation
compiled), "cached" with the cache the first run filled (an unchanged file on a rebuild).

The tool parses with `-x cuda --cuda-host-only -DTILETUNE_TOOL=1 -I<tiletune include>` plus the
file's flags; the baseline is the same clang front end run on the same file with exactly those
flags. Each command runs --repeat times, alternating tool and baseline so that load on the
machine falls on both alike; the medians are compared.

usage: tool_bench.py --tool T --clang C --cuda-path P --include I [--repeat N] FILE[:FLAGS] ...
  FLAGS are extra flags for that file, separated by commas (e.g. -Iexamples,-DN=4).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_timed(command):
    start = time.perf_counter()
    completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        sys.exit("tool_bench: failed (%d): %s\n%s" %
                 (completed.returncode, " ".join(command), completed.stderr.decode()[-2000:]))
    return elapsed


def clang_command(args, flags, path):
    """The parse the tool needs, alone: the same front end and flags as the tool's, on `path`."""
    return [args.clang, "-fsyntax-only", "-x", "cuda", "--cuda-host-only",
            "--cuda-path=" + args.cuda_path, "-Wno-unknown-cuda-version", "-DTILETUNE_TOOL=1",
            "-I" + args.include] + flags + [path]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--clang", required=True)
    parser.add_argument("--cuda-path", required=True)
    parser.add_argument("--include", required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    print("%-44s %8s %8s %6s %8s %6s %8s %6s" % ("file", "clang s", "tool s", "ratio", "cold s",
                                                 "ratio", "cached s", "ratio"))
    ratios = []
    with tempfile.TemporaryDirectory() as scratch:
        output = os.path.join(scratch, "out.cu")
        for entry in args.files:
            path, _, extra = entry.partition(":")
            flags = ["-I" + os.path.dirname(os.path.abspath(path))]
            flags += [f for f in extra.split(",") if f]
            tool = [args.tool, path, "-o", output, "--no-device-check", "--"] + flags
            cached_dir = os.path.join(scratch, "cached")
            cached = [args.tool, path, "-o", output, "--device-check-cache", cached_dir, "--"] + flags

            def cold(n):
                return [args.tool, path, "-o", output, "--device-check-cache",
                        os.path.join(scratch, "cold-%d" % n), "--"] + flags

            baseline = clang_command(args, flags, path)
            run_timed(tool)  # warm the file cache for both
            run_timed(baseline)
            run_timed(cached)  # fills the cache the cached runs find
            tool_times, clang_times, cold_times, cached_times = [], [], [], []
            for n in range(args.repeat):
                tool_times.append(run_timed(tool))
                clang_times.append(run_timed(baseline))
                cold_times.append(run_timed(cold(len(ratios) * args.repeat + n)))
                cached_times.append(run_timed(cached))
            t, c = statistics.median(tool_times), statistics.median(clang_times)
            k, h = statistics.median(cold_times), statistics.median(cached_times)
            ratios.append(t / c)
            name = os.path.join(os.path.basename(os.path.dirname(os.path.abspath(path))),
                                os.path.basename(path))
            print("%-44s %8.3f %8.3f %6.2f %8.3f %6.2f %8.3f %6.2f" %
                  (name, c, t, t / c, k, k / c, h, h / c), flush=True)
    worst = max(ratios)
    print("worst ratio %.2f (goal <= 1.50): %s" % (worst, "met" if worst <= 1.5 else "MISSED"))


if __name__ == "__main__":
    main()
