#!/usr/bin/env bash
# Copies what runs on the lent GPU machine into .device/ (ignored by git, carried by the device
# tool): stripped test and example binaries, and the script that runs them. Build first.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .device
mkdir -p .device/tests .device/examples .device/bench
for f in build/tests/*; do
  case "$f" in *fuzzer) continue ;; esac
  [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/tests/$(basename "$f")" "$f"
done
for f in build/examples/*; do
  [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/examples/$(basename "$f")" "$f"
done
if [ -d build/bench ]; then
  for f in build/bench/*; do
    [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/bench/$(basename "$f")" "$f"
  done
fi
cp scripts/gpu_run.sh scripts/gpu_bench.sh .device/
cp bench/*.sh .device/bench/
# Per-area GPU steps (each prints its summary lines last).
if [ -d scripts/gpu.d ]; then cp -r scripts/gpu.d .device/; fi
du -sh .device
