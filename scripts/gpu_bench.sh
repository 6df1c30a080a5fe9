#!/usr/bin/env bash
# Runs on the GPU machine over what scripts/stage_device.sh put in .device/: every benchmark, one
# after the other, each printing its figures; the lines that carry a ratio or a goal come last.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/tiletune-bench}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
export TILETUNE_CACHE_DIR=/tmp/tiletune-bench-cache
# NVRTC and nvJitLink also keep results in the driver's JIT cache (~/.nv/ComputeCache), which would
# turn every compile after the first of its kind into a lookup: compile times are measured cold.
export CUDA_CACHE_DISABLE=1
for b in .device/bench/*; do
  name=$(basename "$b")
  [ "$name" = tiletune-nvrtc-worker ] && continue  # the benchmarks' NVRTC worker, not a benchmark
  echo "== $name"
  (cd .device/bench && "./$name") 2>&1 | tee "$out/$name.log" | tail -25
done
echo
echo "== summary ($(cat "$out/gpu.txt"))"
grep -hiE "ratio|goal|within|x$" "$out"/*.log | head -40
