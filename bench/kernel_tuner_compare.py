#!/usr/bin/env python3
"""Kernel Tuner's strategies side by side with tiletune's sample search on search_scale's
1,024-configuration matmul (bench/padded_matmul.h). kernel_tuner_compare.sh runs it after the C++
half, whose JSON holds the kernel's source, its axes, tiletune's exhaustive table and its sample
runs.

The judge: every configuration's median in tiletune's exhaustive tuning (one table, measured once,
for tiletune's and Kernel Tuner's winners alike). A run reaches "within 3%" once its incumbent,
the best it has measured so far by its own timings, is within 3% of the table's best: the moment
the result that made such an incumbent was measured, counted from the call of tune_kernel for
Kernel Tuner and from the first launch for tiletune (each trial's Measurement::measured_at_ms),
like for like; tiletune's end of tuning, when its caller has the winner, is printed too. Each
Kernel Tuner run has the same budget: the whole space, and --time-limit seconds (by default 10 x
tiletune's time at the quality bar), whichever comes first. The goal's figure compares the sides
at equal quality: each side's time by which 9 of 10 of its runs were within 3% (the bar
search_scale holds tiletune to); tiletune's runs draw with seeds 1..N, Kernel Tuner's start at
random. The upper medians (half the runs within 3%), the figure of earlier runs, are printed
too. Each Kernel Tuner run runs in a process of its own, after one untimed compile and launch
that loads NVRTC and CuPy's kernel machinery, with a source of its own (a comment that names the
run), so that no run finds another's compiles in CuPy's cache. Kernel Tuner compiles one
configuration at a time: that is how it runs by default.
One difference in what is compiled: Kernel Tuner's kernel carries the occupancy as
__launch_bounds__, which NVVM sees; search_scale's source has no TILETUNE_LAUNCH_BOUNDS macro, so
tiletune gives it to ptxas only, and a configuration's machine code can differ between the two
(the judge's time is tiletune's build of it).

usage: kernel_tuner_compare.py TILETUNE_JSON [--runs N] [--time-limit S] [--max-configs N]
                                [--strategies a,b]
"""

import argparse
import collections
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

WITHIN = 1.03
# The quality bar, as search_scale holds tiletune to it: 9 of 10 runs within 3% of the best.
QUALITY = 0.9
# The goal (issue 32): tiletune this many times faster than the fastest strategy at that quality.
GOAL = 10.0
DEFAULT_STRATEGIES = "bayes_opt,genetic_algorithm,dual_annealing"

# tiletune's kernel is a template over the tiles; Kernel Tuner defines each tunable parameter as a
# macro before the source. The same body, with the parameters as those macros and the
# configuration's occupancy as launch bounds (tiletune's minimum blocks per multiprocessor).
TEMPLATE_HEAD = "template <int BM, int BN, int BK, int PAD>\n__global__ void matmul("
KERNEL_TUNER_HEAD = (
    "constexpr int BM = bm, BN = bn, BK = bk, PAD = pad;\n"
    'extern "C" __global__ void __launch_bounds__(256, occupancy) matmul('
)


def kernel_tuner_source(source, run_name):
    if TEMPLATE_HEAD not in source:
        sys.exit("kernel_tuner_compare: the matmul's template head is not where it was: "
                 "update TEMPLATE_HEAD to padded_matmul.h's kernel")
    return "// " + run_name + "\n" + source.replace(TEMPLATE_HEAD, KERNEL_TUNER_HEAD)


def uuid_as_sixteen_bytes(cp):
    """Kernel Tuner 1.5.0's CuPy backend reads the device's UUID as uuid.UUID(bytes=...), which
    needs 16 bytes; CuPy gives the driver's char[16] as a C string, cut at its first zero byte, so
    on a GPU whose UUID holds one (an H200 here, 2026-11-30) every run failed before tuning. The
    UUID is only recorded in Kernel Tuner's metadata: pad it back to 16 bytes."""
    runtime = cp.cuda.runtime
    original = runtime.getDeviceProperties

    def properties(device):
        props = dict(original(device))
        raw = props.get("uuid")
        if isinstance(raw, str):
            raw = raw.encode("latin-1")
        if isinstance(raw, (bytes, bytearray)) and len(raw) != 16:
            props["uuid"] = bytes(raw[:16]).ljust(16, b"\0")
        return props

    runtime.getDeviceProperties = properties


def one_run(strategy, run_name, tiletune_json, budget, time_limit, out_path):
    """One Kernel Tuner run, in this process: writes each result's configuration, time (ms, or
    null where it failed) and the seconds from tune_kernel's call to its measurement."""
    import cupy as cp
    import numpy as np
    from datetime import datetime, timezone
    import kernel_tuner

    uuid_as_sixteen_bytes(cp)
    data = json.load(open(tiletune_json))
    n = data["n"]
    axes = data["axes"]
    values = {axis: sorted({row[0][i] for row in data["exhaustive"]["table"]})
              for i, axis in enumerate(axes)}
    tune_params = dict(values)
    tune_params["block_size_x"] = [16]
    tune_params["block_size_y"] = [16]
    rng = np.random.default_rng(1)
    a = rng.random(n * n, dtype=np.float32)
    b = rng.random(n * n, dtype=np.float32)
    c = np.zeros(n * n, dtype=np.float32)
    arguments = [a, b, c, np.int32(n)]
    source = kernel_tuner_source(data["source"], run_name)

    # Untimed: NVRTC and CuPy's module loading, on a source no run uses.
    warm = kernel_tuner_source(data["source"], run_name + " warm-up")
    defines = "".join("#define %s %d\n" % (axis, values[axis][0]) for axis in axes)
    module = cp.RawModule(code=defines + warm, options=("--std=c++11",), name_expressions=["matmul"])
    module.get_function("matmul")(
        (n // values["bn"][0], n // values["bm"][0]), (16, 16),
        (cp.asarray(a), cp.asarray(b), cp.asarray(c), np.int32(n)))
    cp.cuda.Device().synchronize()

    start = datetime.now(timezone.utc)
    results, _ = kernel_tuner.tune_kernel(
        "matmul", source, (n, n), arguments, tune_params, lang="cupy",
        grid_div_x=["bn"], grid_div_y=["bm"], strategy=strategy,
        strategy_options={"max_fevals": budget, "time_limit": time_limit},
        iterations=7, verbose=False, quiet=True)
    rows = []
    for r in results:
        t = r.get("time")
        stamp = datetime.fromisoformat(str(r["timestamp"]).replace(" ", "T"))
        rows.append({"config": [r[axis] for axis in axes],
                     "time": t if isinstance(t, (int, float)) and math.isfinite(t) else None,
                     "seconds": (stamp - start).total_seconds()})
    json.dump(rows, open(out_path, "w"))


def reached(rows, judge, best):
    """Seconds until the incumbent was within WITHIN of best (None if never), and the final
    incumbent's ratio to best."""
    incumbent = None
    first = None
    for row in rows:
        if row["time"] is None:
            continue
        if incumbent is None or row["time"] < incumbent["time"]:
            incumbent = row
            ratio = judge.get(tuple(incumbent["config"]), math.inf) / best
            if first is None and ratio <= WITHIN:
                first = row["seconds"]
    final = judge.get(tuple(incumbent["config"]), math.inf) / best if incumbent else math.inf
    return first, final


def seconds_text(values):
    return ", ".join("%.2f" % v if v is not None else "never" for v in values)


# One side's line of the table: its runs made, how many got within 3%, each run's seconds to
# within 3% (None: never; a Kernel Tuner strategy stopped early has its runs not made as None
# after them), configurations measured per run, and its worst final winner against the best.
Side = collections.namedtuple("Side", "name runs good times configs worst")


def runs_needed(runs):
    """How many of `runs` runs must get within 3% for QUALITY of them to (at least one)."""
    return max(1, math.ceil(QUALITY * runs - 1e-9))


def time_at_quality(times):
    """The seconds by which QUALITY of the runs were within 3% (the runs_needed-th fastest);
    infinite when fewer runs ever got there. A run that never got there counts as infinite."""
    ordered = sorted(t if t is not None else math.inf for t in times)
    if not ordered:
        return math.inf
    return ordered[runs_needed(len(ordered)) - 1]


def cannot_reach_quality(times, runs):
    """True once so many of `times` never got within 3% that QUALITY of `runs` runs cannot."""
    return sum(t is None for t in times) > runs - runs_needed(runs)


def upper_median(times):
    """The upper median, a run that never got within 3% counting as infinite: finite exactly when
    more than half the runs got there."""
    return statistics.median_high([t if t is not None else math.inf for t in times])


def run_limits(time_limit, max_configs, ours, space_size):
    """Each Kernel Tuner run's limits: (configurations, seconds). By default the whole space and
    GOAL x tiletune's time at the quality bar, so that a strategy either gets there within the
    limit (and its time is measured) or is at least GOAL x slower; that time must then exist."""
    if time_limit is None:
        if math.isinf(ours):
            sys.exit("kernel_tuner_compare: tiletune's sample was within 3%% in fewer than %d%% of "
                     "its runs, so no time limit follows from it: give --time-limit" %
                     (QUALITY * 100))
        time_limit = GOAL * ours
    return (max_configs if max_configs is not None else space_size), time_limit


def tiletune_sides(samples, judge, best):
    """tiletune's side, two ways: when its incumbent first got within 3% (judged from its trials
    as Kernel Tuner's runs are: the goal's figure, like for like), and when its tuning ended with
    its winner (what a caller waits for). Returns the table's lines, the first the goal's (only
    the second where the runs carry no trials), and the tuning-done times."""
    ratios = [judge.get(tuple(s["winner"]), math.inf) / best for s in samples]
    done_times = [s["seconds"] if ratio <= WITHIN else None for s, ratio in zip(samples, ratios)]
    first_times = []
    for s in samples:
        if "trials" in s:
            rows = sorted(({"config": t[0], "time": t[1], "seconds": t[2]} for t in s["trials"]),
                          key=lambda row: row["seconds"])
            first_times.append(reached(rows, judge, best)[0])
    visited = statistics.mean(s["visited"] for s in samples)

    def side(name, times):
        return Side(name, len(samples), sum(t is not None for t in times), times, visited,
                    max(ratios))

    lines = [side("tiletune, first within", first_times)] if len(first_times) == len(samples) else []
    return lines + [side("tiletune, tuning done", done_times)], done_times


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tiletune_json")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds per Kernel Tuner run (default: 10 x tiletune's time at the "
                             "quality bar, which decides the goal either way)")
    parser.add_argument("--max-configs", type=int, default=None,
                        help="configurations per Kernel Tuner run (default: the whole space)")
    parser.add_argument("--strategies", default=DEFAULT_STRATEGIES)
    parser.add_argument("--one-run", nargs=5, metavar=("STRATEGY", "NAME", "BUDGET", "LIMIT", "OUT"))
    args = parser.parse_args()
    if args.one_run:
        strategy, name, budget, limit, out = args.one_run
        one_run(strategy, name, args.tiletune_json, int(budget), float(limit), out)
        return

    data = json.load(open(args.tiletune_json))
    judge = {tuple(row[0]): row[1] for row in data["exhaustive"]["table"] if row[1] is not None}
    best = min(judge.values())
    samples = data["sample"]

    ours_lines, done_times = tiletune_sides(samples, judge, best)
    lines = list(ours_lines)
    # The goal's figure is the first line's; Kernel Tuner's limit follows from the later figure,
    # the tuning's end, which gives Kernel Tuner the more time.
    ours = time_at_quality(ours_lines[0].times)
    budget, time_limit = run_limits(args.time_limit, args.max_configs, time_at_quality(done_times),
                                    len(data["exhaustive"]["table"]))

    for strategy in args.strategies.split(","):
        times, finals, measured = [], [], []
        for run in range(args.runs):
            if cannot_reach_quality(times, args.runs):
                # Too many runs never got there for QUALITY of args.runs to: the figure is
                # decided (over the limit), and the runs left would only spend GPU time.
                print("kernel_tuner_compare: Kernel Tuner %s: %d of %d runs never within 3%%, so "
                      "fewer than %d%% can be; its other %d runs not made" %
                      (strategy, sum(t is None for t in times), args.runs, QUALITY * 100,
                       args.runs - run), flush=True)
                break
            with tempfile.TemporaryDirectory() as scratch:
                out = os.path.join(scratch, "rows.json")
                env = dict(os.environ, CUPY_CACHE_DIR=os.path.join(scratch, "cupy"),
                           CUDA_CACHE_DISABLE="1")
                name = "%s run %d pid %d time %f" % (strategy, run + 1, os.getpid(), time.time())
                done = subprocess.run(
                    [sys.executable, __file__, args.tiletune_json, "--one-run", strategy, name,
                     str(budget), str(time_limit), out], env=env)
                if done.returncode != 0:
                    print("kernel_tuner_compare: %s run %d failed (exit %d)" %
                          (strategy, run + 1, done.returncode))
                    times.append(None)
                    finals.append(math.inf)
                    measured.append(0)
                    continue
                rows = json.load(open(out))
            if os.environ.get("KT_ROWS_DIR"):
                # Each run's results, kept so that a later judge can re-judge them.
                with open(os.path.join(os.environ["KT_ROWS_DIR"],
                                       "%s-%d.json" % (strategy, run + 1)), "w") as f:
                    json.dump(rows, f)
            first, final = reached(rows, judge, best)
            times.append(first)
            finals.append(final)
            measured.append(sum(r["time"] is not None for r in rows))
            print("kernel_tuner_compare: Kernel Tuner %s run %d: %d measured, %s, final winner "
                  "%.3fx the best" % (strategy, run + 1, measured[-1],
                                      "within 3%% after %.2f s" % first if first is not None
                                      else "never within 3%", final), flush=True)
        made = len(times)
        # Runs not made count as never: the figure at the quality bar is over args.runs.
        lines.append(Side("kt " + strategy, made, sum(t is not None for t in times),
                          times + [None] * (args.runs - made), statistics.mean(measured),
                          max(finals)))

    print()
    print("kernel_tuner_compare: the matmul of search_scale, %d configurations; judge: tiletune's "
          "exhaustive tuning (%.2f s), best %.4f ms, %d configurations within 3%% of it; each "
          "Kernel Tuner run: at most %d configurations or %.1f s" %
          (len(data["exhaustive"]["table"]), data["exhaustive"]["seconds"], best,
           sum(t <= WITHIN * best for t in judge.values()), budget, time_limit))
    bar = "s at %d%%" % (QUALITY * 100)
    print("%-24s %5s %10s %9s %9s %9s %12s  %s" % ("side", "runs", "within 3%", bar,
                                                  "median", "configs", "worst final",
                                                  "seconds to within 3%, each run"))

    def shown(t):
        return "%.2f" % t if math.isfinite(t) else ">%.1f" % time_limit

    for line in lines:
        made = line.times[:line.runs]
        print("%-24s %5d %7d/%-2d %9s %9s %9.0f %11.3fx  %s" % (
            line.name, line.runs, line.good, line.runs, shown(time_at_quality(line.times)),
            shown(upper_median(made)), line.configs, line.worst, seconds_text(made)))

    # The goal's figure, at equal quality: each side's time by which QUALITY of its runs were
    # within 3% (the bar search_scale holds tiletune to). A Kernel Tuner strategy that did not get
    # there within its runs' limit (GOAL x tiletune's, by default) is at least that much slower.
    kt_lines = lines[len(ours_lines):]
    theirs = {line.name: time_at_quality(line.times) for line in kt_lines}
    name, fastest = min(theirs.items(), key=lambda kv: kv[1])
    if math.isinf(ours):
        print("kernel_tuner_compare: tiletune's sample was within 3%% in fewer than %d%% of its runs" %
              (QUALITY * 100))
    elif math.isinf(fastest):
        print("kernel_tuner_compare: at equal quality (%d%% of runs within 3%%): %s %.2f s; no "
              "Kernel Tuner strategy got there within its runs' %.1f s: over %.1fx faster (goal "
              ">= %.0fx)" % (QUALITY * 100, ours_lines[0].name, ours, time_limit,
                              time_limit / ours, GOAL))
    else:
        print("kernel_tuner_compare: at equal quality (%d%% of runs within 3%%): %s %.2f s vs the "
              "fastest Kernel Tuner strategy, %s, %.2f s: %.1fx faster (goal >= %.0fx)" %
              (QUALITY * 100, ours_lines[0].name, ours, name[3:], fastest, fastest / ours, GOAL))
    done = time_at_quality(done_times)
    if math.isfinite(done):
        print("kernel_tuner_compare: with tiletune's tuning done instead (its winner in the "
              "caller's hands), %.2f s: %s%.1fx" % (done, "over " if math.isinf(fastest) else "",
                                                    min(fastest, time_limit) / done))
    # The earlier figure, kept for comparison with past runs: the upper medians, which compare
    # tiletune's quality with half the runs'.
    # (Over the runs made: a strategy stopped early counts only those.)
    medians = {line.name: upper_median(line.times[:line.runs]) for line in kt_lines}
    mname, mfastest = min(medians.items(), key=lambda kv: kv[1])
    print("kernel_tuner_compare: by upper medians (half the runs within 3%%): %s %s s, the "
          "fastest Kernel Tuner strategy (%s) %s s" % (ours_lines[0].name,
                                                       shown(upper_median(ours_lines[0].times)),
                                                       mname[3:], shown(mfastest)))


if __name__ == "__main__":
    main()
