#!/usr/bin/env bash
# The commands a first-timer types besides building: tiletune --version, tiletune-nvcc --help (the
# wrapper's own usage, not nvcc's), tiletune-results show with no FILE (the runtime's default
# results file, named on stderr).
# usage: first_commands_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-first.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "first_commands_test: FAILED: $*" >&2; exit 1; }

"$build/bin/tiletune" --version >"$work/out" || fail "tiletune --version exited $?"
grep -qE '^tiletune [0-9]+\.[0-9]+\.[0-9]+ \(Clang [0-9.]+, CUDA [0-9]+\.[0-9]+\)$' "$work/out" ||
  fail "tiletune --version printed: $(cat "$work/out")"

# TILETUNE_NVCC points at a file that fails: --help must not reach nvcc.
TILETUNE_NVCC=/bin/false bash "$source/tool/tiletune-nvcc" -c x.cu --help >"$work/out" ||
  fail "tiletune-nvcc --help exited $?"
grep -q '^usage: tiletune-nvcc' "$work/out" || fail "tiletune-nvcc --help: $(cat "$work/out")"
grep -q "nvcc's own options: nvcc --help" "$work/out" || fail "tiletune-nvcc --help does not point at nvcc's"

results=$build/bin/tiletune-results
cache=$work/cache
mkdir -p "$cache"
status=0
env -u TILETUNE_RESULTS_FILE TILETUNE_CACHE_DIR="$cache" "$results" show >"$work/out" 2>"$work/err" || status=$?
[ $status -eq 2 ] || fail "show with no results file exited $status, not 2"
grep -qF "reading $cache/results.txt (the default: results.txt in the cache directory)" "$work/err" ||
  fail "show does not name the default file: $(cat "$work/err")"
grep -qF "$cache/results.txt does not exist" "$work/err" || fail "show does not say the file is missing"

cat >"$cache/results.txt" <<'RESULTS'
[vadd.cu:12 vadd<$tile>]
device = NVIDIA H100 sm_90 132SM
key = 4096
hints = occupancy=0 num_ctas=0
space = 0123456789abcdef
best = tile=128
median_ms = 0.0123
RESULTS
env -u TILETUNE_RESULTS_FILE TILETUNE_CACHE_DIR="$cache" "$results" show >"$work/out" 2>"$work/err" ||
  fail "show of the default file exited $?: $(cat "$work/err")"
grep -q 'tile=128' "$work/out" || fail "show of the default file printed: $(cat "$work/out") $(cat "$work/err")"
mv "$cache/results.txt" "$work/elsewhere.txt"
TILETUNE_RESULTS_FILE="$work/elsewhere.txt" TILETUNE_CACHE_DIR="$cache" "$results" show >"$work/out" 2>"$work/err" ||
  fail "show of TILETUNE_RESULTS_FILE exited $?"
grep -qF "reading $work/elsewhere.txt (TILETUNE_RESULTS_FILE)" "$work/err" || fail "show: $(cat "$work/err")"
grep -q 'tile=128' "$work/out" || fail "show of TILETUNE_RESULTS_FILE printed: $(cat "$work/out")"
echo "first_commands_test: passed"
