#!/usr/bin/env bash
# `tiletune-results plot` pictures as a person sees them: each is rendered by a real SVG renderer
# (rsvg-convert, librsvg2-bin, which scripts/setup.sh installs) and the pixels are checked by
# plot_pixels.py: the PNG has the SVG's size, nothing runs off an edge (a title or label the
# canvas is too narrow for), and the winner's red is drawn. Inputs: a results file with two axes,
# one named `by`, and a long site; a TILETUNE_LOG=1 log with a failed configuration, a combination
# removed by `where`, and many rows.
set -u
program=$1
python=${2:-python3}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v rsvg-convert >/dev/null; then
  echo "FAIL: rsvg-convert not found: run scripts/setup.sh (it installs librsvg2-bin)"
  exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cat >"$dir/results.txt" <<'RESULTS'
[/home/someone/projects/heat/kernels/stencil_kernels.cu:118 stencil<$bx, $by, float>]
device = NVIDIA H100 80GB HBM3 sm_90 132SM
key = 4096,4096
space = 5f0c8b1d9a3e2c47
best = bx=64 by=8
median_ms = 0.25
measured = bx=32 by=4 0.31
measured = bx=32 by=8 0.29
measured = bx=64 by=4 0.4
measured = bx=64 by=8 0.25
RESULTS

{
  echo 'tiletune: /src/softmax.cu:40 softmax<$rows, $cols> key=(8192)'
  printf '%10s %10s %12s %8s %7s %5s  %s\n' rows cols median_ms spread samples regs status
  for rows in 1 2 4 8; do
    for cols in 32 64 128 256 512; do
      [ "$rows" = 8 ] && [ "$cols" = 512 ] && continue  # removed by `where`
      if [ "$rows" = 4 ] && [ "$cols" = 512 ]; then
        printf '%10s %10s %12s %8s %7s %5s  %s\n' "$rows" "$cols" - - - 255 \
          'failed: skipped: needs 2048 threads per block; the device allows 1024'
        continue
      fi
      ms=$(awk -v r="$rows" -v c="$cols" 'BEGIN { printf "%.4f", 0.05 + 3.0 / (r * c) + r * c / 20000 + r / 1000 }')
      status=ok
      [ "$rows" = 1 ] && [ "$cols" = 256 ] && status=best
      printf '%10s %10s %12s %7.1f%% %7d %5d  %s\n' "$rows" "$cols" "$ms" 1.0 20 32 "$status"
    done
  done
  echo 'search: exhaustive'
  echo 'tuned in 0.512 s (this thread: compiles 300.0 ms, loading 20.0 ms, checking 0.0 ms, measuring 150.0 ms)'
} >"$dir/log.txt"

# render NAME INPUT: plot INPUT, render it and check the pixels.
render() {
  local name=$1 input=$2
  "$program" plot "$input" -o "$dir/$name.svg" || { fail "$name: plot exited $?"; return; }
  local width height
  width=$(sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$dir/$name.svg")
  height=$(sed -n 's/^<svg [^>]* height="\([0-9.]*\)".*/\1/p' "$dir/$name.svg")
  rsvg-convert "$dir/$name.svg" -o "$dir/$name.png" || { fail "$name: rsvg-convert exited $?"; return; }
  "$python" "$here/plot_pixels.py" "$dir/$name.png" \
    "$(awk -v w="$width" 'BEGIN { print int(w + 0.999) }')" \
    "$(awk -v h="$height" 'BEGIN { print int(h + 0.999) }')" || fail "$name: see above"
  [ -n "${TILETUNE_PLOT_KEEP:-}" ] && cp "$dir/$name.png" "$dir/$name.svg" "$TILETUNE_PLOT_KEEP/"
}
render two_axes "$dir/results.txt"
render log_with_failures "$dir/log.txt"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "plot_render_test: all passed"
