#!/usr/bin/env python3
"""Kernel Tuner's strategies side by side with tiletune's sample search on search_scale's
1,024-configuration matmul (bench/padded_matmul.h). kernel_tuner_compare.sh runs it after the C++
half, whose JSON holds the kernel's source, its axes, tiletune's exhaustive table and its sample
runs.

The judge: every configuration's median in tiletune's exhaustive tuning (one table, measured once,
for tiletune's and Kernel Tuner's winners alike). A run reaches "within 3%" once its incumbent,
the best it has measured so far by its own timings, is within 3% of the table's best. For
tiletune that is the end of its tuning (it says its winner then); for Kernel Tuner, the moment
the result that made such an incumbent was measured, counted from the call of tune_kernel. Each
Kernel Tuner run has the same budget: at most as many configurations as tiletune's sample runs
compiled on average, and --time-limit seconds, whichever comes first. Each runs in a process of
its own, after one untimed compile and launch that loads NVRTC and CuPy's kernel machinery, with
a source of its own (a comment that names the run), so that no run finds another's compiles in
CuPy's cache. Kernel Tuner compiles one configuration at a time: that is how it runs by default.
One difference in what is compiled: Kernel Tuner's kernel carries the occupancy as
__launch_bounds__, which NVVM sees; search_scale's source has no TILETUNE_LAUNCH_BOUNDS macro, so
tiletune gives it to ptxas only, and a configuration's machine code can differ between the two
(the judge's time is tiletune's build of it).

usage: kernel_tuner_compare.py TILETUNE_JSON [--runs N] [--time-limit S] [--strategies a,b]
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

WITHIN = 1.03
DEFAULT_STRATEGIES = "bayes_opt,genetic_algorithm,dual_annealing,greedy_ils"

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


def one_run(strategy, run_name, tiletune_json, budget, time_limit, out_path):
    """One Kernel Tuner run, in this process: writes each result's configuration, time (ms, or
    null where it failed) and the seconds from tune_kernel's call to its measurement."""
    import cupy as cp
    import numpy as np
    from datetime import datetime, timezone
    import kernel_tuner

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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tiletune_json")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=30.0)
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
    budget = math.ceil(statistics.mean(s["visited"] for s in samples))

    lines = []
    fastest = {}  # strategy: median seconds to within 3% over its runs (inf where a run never got there)
    tiletune_times = []
    for s in samples:
        ratio = judge.get(tuple(s["winner"]), math.inf) / best
        tiletune_times.append(s["seconds"] if ratio <= WITHIN else None)
    ratios = [judge.get(tuple(s["winner"]), math.inf) / best for s in samples]
    lines.append(("tiletune sample", len(samples), sum(t is not None for t in tiletune_times),
                  tiletune_times, budget, max(ratios)))

    for strategy in args.strategies.split(","):
        times, finals, measured = [], [], []
        for run in range(args.runs):
            with tempfile.TemporaryDirectory() as scratch:
                out = os.path.join(scratch, "rows.json")
                env = dict(os.environ, CUPY_CACHE_DIR=os.path.join(scratch, "cupy"),
                           CUDA_CACHE_DISABLE="1")
                name = "%s run %d pid %d time %f" % (strategy, run + 1, os.getpid(), time.time())
                done = subprocess.run(
                    [sys.executable, __file__, args.tiletune_json, "--one-run", strategy, name,
                     str(budget), str(args.time_limit), out], env=env)
                if done.returncode != 0:
                    print("kernel_tuner_compare: %s run %d failed (exit %d)" %
                          (strategy, run + 1, done.returncode))
                    times.append(None)
                    finals.append(math.inf)
                    measured.append(0)
                    continue
                rows = json.load(open(out))
            first, final = reached(rows, judge, best)
            times.append(first)
            finals.append(final)
            measured.append(sum(r["time"] is not None for r in rows))
            print("kernel_tuner_compare: Kernel Tuner %s run %d: %d measured, %s, final winner "
                  "%.3fx the best" % (strategy, run + 1, measured[-1],
                                      "within 3%% after %.2f s" % first if first is not None
                                      else "never within 3%", final), flush=True)
        lines.append(("kt " + strategy, args.runs, sum(t is not None for t in times), times,
                      statistics.mean(measured), max(finals)))

    print()
    print("kernel_tuner_compare: the matmul of search_scale, %d configurations; judge: tiletune's "
          "exhaustive tuning (%.2f s), best %.4f ms; Kernel Tuner's budget per run: %d "
          "configurations or %.0f s; %d configurations are within 3%% of the best" %
          (len(data["exhaustive"]["table"]), data["exhaustive"]["seconds"], best, budget,
           args.time_limit, sum(t <= WITHIN * best for t in judge.values())))
    print("%-24s %5s %10s  %-26s %9s %12s" % ("strategy", "runs", "within 3%", "seconds to within 3%",
                                              "configs", "worst final"))
    for name, runs, good, times, measured, worst in lines:
        print("%-24s %5d %7d/%-2d  %-26s %9.0f %11.3fx" % (name, runs, good, runs,
                                                         seconds_text(times), measured, worst))
    # The upper median, a run that never got within 3% counting as infinite: finite exactly when
    # more than half the runs got there (with an even count, the plain median of {never, x} is
    # "never" too, but then "not in half its runs" would be false).
    def median_time(times):
        return statistics.median_high([t if t is not None else math.inf for t in times])

    ours = median_time(tiletune_times)
    theirs = {name: median_time(times) for name, _, _, times, _, _ in lines[1:]}
    name, fastest = min(theirs.items(), key=lambda kv: kv[1])
    if math.isinf(ours):
        print("kernel_tuner_compare: tiletune's sample was within 3% in no more than half its runs")
    elif math.isinf(fastest):
        print("kernel_tuner_compare: no Kernel Tuner strategy was within 3%% in more than half its runs of "
              "%.0f s; tiletune sample %.2f s (median): over %.1fx faster (goal >= 10x)" %
              (args.time_limit, ours, args.time_limit / ours))
    else:
        print("kernel_tuner_compare: tiletune sample %.2f s vs the fastest Kernel Tuner strategy, "
              "%s, %.2f s (upper medians of the time to within 3%%): %.1fx faster (goal >= 10x)" %
              (ours, name[3:], fastest, fastest / ours))

if __name__ == "__main__":
    main()
