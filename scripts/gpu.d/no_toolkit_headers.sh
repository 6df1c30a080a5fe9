#!/usr/bin/env bash
# A tuned program where only the driver and NVRTC are: the toolkit's include directory and nvcc
# hidden (an empty directory mounted over each, else each renamed; this machine runs as root),
# TILETUNE_CUDA_INCLUDE unset, and each program copied alone to a fresh directory (no worker
# beside it, none where the build put it). The vadd and matmul examples (matmul's kernel takes
# __half from cuda_fp16.h) and the corpus test's sites (cuda_fp16.h, cooperative_groups, cub's
# BlockReduce; less CorpusLaunchBoundsRegisters, which compiles the corpus with NVRTC itself, from
# the toolkit's headers, as its reference) must tune and run from the headers and the worker built
# into libtiletune. Summary lines last.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-/tmp/tiletune-gpu}
mkdir -p "$out"
include=$(readlink -f /usr/local/cuda/include)
bin=$(readlink -f /usr/local/cuda/bin)
empty=$(mktemp -d)
hidden=()
restore() {
  for d in "${hidden[@]}"; do
    if [ -d "$d.tiletune-hidden" ]; then mv "$d.tiletune-hidden" "$d"; else umount "$d"; fi
  done
  rm -rf "$empty"
}
trap restore EXIT
for d in "$include" "$bin"; do
  if mount --bind "$empty" "$d" 2>/dev/null || mv "$d" "$d.tiletune-hidden"; then hidden+=("$d"); fi
done
summary=()
if [ -e "$include/cuda_fp16.h" ] || [ -e "$bin/nvcc" ]; then
  summary+=("no_toolkit_headers: could not hide $include and $bin: not run")
else
  summary+=("no_toolkit_headers: $include and $bin hidden (cuda_fp16.h and nvcc not found)")
  for program in .device/examples/vadd .device/examples/matmul .device/tests/slicer_corpus_test; do
    [ -x "$program" ] || { summary+=("$(basename "$program"): not staged"); continue; }
    name=$(basename "$program")
    alone=$(mktemp -d)
    cp "$program" "$alone/"
    cache=$(mktemp -d)
    env -u TILETUNE_CUDA_INCLUDE -u TILETUNE_NVRTC_WORKER TILETUNE_CACHE_DIR="$cache" TILETUNE_LOG=1 \
      "$alone/$name" --gtest_filter=-CorpusLaunchBoundsRegisters.* >"$out/no-toolkit-$name.log" 2>&1
    rc=$?
    tail -20 "$out/no-toolkit-$name.log"
    written=$(ls -d "$cache"/tiletune-cuda-include-* 2>/dev/null | wc -l)
    in_process=$(grep -c "compiling in this process" "$out/no-toolkit-$name.log")
    summary+=("$(printf 'no_toolkit_headers %-20s rc=%s headers written=%s in-process fallback lines=%s %s' \
      "$name" "$rc" "$written" "$in_process" "$(tail -1 "$out/no-toolkit-$name.log")")")
    rm -rf "$alone" "$cache"
  done
fi
printf '%s\n' "${summary[@]}"
