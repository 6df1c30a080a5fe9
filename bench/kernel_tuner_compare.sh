#!/usr/bin/env bash
# Kernel Tuner's strategies against tiletune's sample search on search_scale's 1,024-configuration
# matmul, on the GPU machine: installs Kernel Tuner from wheels (no network there), runs
# tiletune's half (kernel_tuner_compare: the exhaustive table that judges every winner, and the
# sample runs), then Kernel Tuner's strategies (kernel_tuner_compare.py); the table is last.
#
# usage: kernel_tuner_compare.sh WHEELS BENCH_DIR [SAMPLE_RUNS (default 10) [options of kernel_tuner_compare.py]]
#   WHEELS: a folder of Kernel Tuner's wheel and those of its needs the machine lacks, for its
#   python3, made here with pip download (docs/development.md says which).
#   BENCH_DIR: where kernel_tuner_compare (the C++ half) and its NVRTC worker are; or the JSON an
#   earlier run wrote (KT_JSON_OUT=FILE keeps it), to run more strategies against the same judge.
#   KT_ROWS_DIR=DIR keeps each Kernel Tuner run's results there.
set -euo pipefail
wheels=$1
bench=$2
sample_runs=${3:-10}
shift $(($# < 3 ? $# : 3))
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target "$scratch/site" \
  "$wheels"/*.whl
export PYTHONPATH="$scratch/site${PYTHONPATH:+:$PYTHONPATH}"
# Every compile a real one, for both: no driver JIT cache.
export CUDA_CACHE_DISABLE=1
if [[ "$bench" == *.json ]]; then
  # tiletune's half from an earlier run (its JSON): the strategies can then be run in several
  # commands against one judge, each under the GPU machine's per-command limit.
  cp "$bench" "$scratch/tiletune.json"
else
  "$bench/kernel_tuner_compare" "$sample_runs" "$scratch/tiletune.json"
  if [ -n "${KT_JSON_OUT:-}" ]; then cp "$scratch/tiletune.json" "$KT_JSON_OUT"; fi
fi
PYTHONUNBUFFERED=1 python3 "$here/kernel_tuner_compare.py" "$scratch/tiletune.json" "$@"
