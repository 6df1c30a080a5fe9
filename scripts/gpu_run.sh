#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, over what scripts/stage_device.sh put in
# .device/: every test binary, then every example with TILETUNE_LOG=1; a summary table last.
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/tiletune-gpu}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
export TILETUNE_CACHE_DIR=/tmp/tiletune-cache
summary=()
for t in .device/tests/*gpu_test .device/tests/slicer_corpus_test .device/tests/tuner_test; do
  name=$(basename "$t")
  "$t" > "$out/$name.log" 2>&1
  rc=$?
  passed=$(grep -c "^\[       OK \]" "$out/$name.log")
  skipped=$(grep -c "^\[  SKIPPED \]" "$out/$name.log")
  failed=$(grep -c "^\[  FAILED  \]" "$out/$name.log")
  summary+=("$(printf '%-28s rc=%-3s ok=%-3s skipped=%-3s failed=%s' "$name" "$rc" "$passed" "$skipped" "$failed")")
  [ $rc -ne 0 ] && tail -30 "$out/$name.log"
done
for e in .device/examples/*; do
  name=$(basename "$e")
  [ "$name" = tiletune-nvrtc-worker ] && continue  # the examples' NVRTC worker, not an example
  TILETUNE_LOG=1 "$e" > "$out/example-$name.log" 2>&1
  rc=$?
  cat "$out/example-$name.log" | tail -40
  summary+=("$(printf '%-28s rc=%-3s %s' "example:$name" "$rc" "$(tail -1 "$out/example-$name.log")")")
done
for g in .device/gpu.d/*.sh; do
  [ -f "$g" ] || continue
  name=$(basename "$g" .sh)
  echo "== gpu.d/$name"
  timeout 240 bash "$g" > "$out/gpu.d-$name.log" 2>&1
  rc=$?
  tail -40 "$out/gpu.d-$name.log"
  summary+=("$(printf '%-28s rc=%-3s %s' "gpu.d:$name" "$rc" "$(tail -1 "$out/gpu.d-$name.log")")")
done
echo
echo "== summary ($(cat "$out/gpu.txt"))"
printf '%s\n' "${summary[@]}"
