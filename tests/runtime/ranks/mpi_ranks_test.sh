#!/usr/bin/env bash
# mpirun -np 4 of the fake-device rank program (mpi_ranks_program.cpp): with the broadcast hook,
# exactly 1 tuning among the ranks and 4 identical winners, rank 0's; without it, each rank with its
# own results directory tunes for itself (4 tunings, 4 winners); with `split` (MPI_Allgatherv as the
# all-gather, tune_ahead over 8 keys), each rank tunes 2 keys and all 4 end with the same 8
# winners, each key's from the rank that tuned it. Exit 77 (ctest: skipped) with a
# line saying why when mpirun or the program is missing.
# usage: mpi_ranks_test.sh MPIRUN PROGRAM
set -uo pipefail
mpirun=${1:-}
program=${2:-}
if [ -z "$mpirun" ] || ! command -v "$mpirun" >/dev/null; then
  echo "SKIPPED: mpirun not found (install openmpi-bin and libopenmpi-dev, then reconfigure)"
  exit 77
fi
if [ -z "$program" ] || [ ! -x "$program" ]; then
  echo "SKIPPED: the MPI rank program was not built (MPI not found at configure time)"
  exit 77
fi
flags=(-np 4 --oversubscribe)
[ "$(id -u)" -eq 0 ] && flags+=(--allow-run-as-root)
dir=$(mktemp -d /tmp/tiletune-ranks-XXXXXX)
trap 'rm -rf "$dir"' EXIT
failed=0

# $1: hook|no-hook; $2: the expected summary line; $3: the expected per-rank winner pattern
check() {
  local out
  out=$("$mpirun" "${flags[@]}" "$program" "$1" "$dir/$1" 2>"$dir/$1.err")
  local rc=$?
  echo "== $1 (rc=$rc)"
  echo "$out"
  if [ $rc -ne 0 ]; then cat "$dir/$1.err"; failed=1; return; fi
  if ! grep -qx "$2" <<<"$out"; then
    echo "FAILED: expected the line '$2'"
    failed=1
  fi
  local ranks
  ranks=$(grep -cE "^rank [0-3] tuned=[01] winner=$3\$" <<<"$out")
  if [ "$ranks" -ne 4 ]; then
    echo "FAILED: $ranks of 4 ranks printed a winner matching '$3'"
    failed=1
  fi
}

# Rank 0's fastest tile is 256; rank r's is the (r+2)-th of 64 128 256 512.
check hook "ranks=4 tunings=1 winners=1" "tile=256"
grep -q "adopted the root rank's winner tile=256" "$dir/hook.err" ||
  { echo "FAILED: no rank logged that it adopted the root's winner"; failed=1; }
check no-hook "ranks=4 tunings=4 winners=4" "tile=[0-9]+"
# split: keys 0-7 are dealt to ranks 0 1 2 3 3 2 1 0 (ranks/work_split.h), whose fastest tiles
# are the (r+2)-th: 256 512 64 128.
out=$("$mpirun" "${flags[@]}" "$program" split "$dir/split" 2>"$dir/split.err")
rc=$?
echo "== split (rc=$rc)"
echo "$out"
if [ $rc -ne 0 ]; then cat "$dir/split.err"; failed=1; fi
grep -qx "ranks=4 keys=8 tunings=2,2,2,2 winner_sets=1" <<<"$out" ||
  { echo "FAILED: expected the line 'ranks=4 keys=8 tunings=2,2,2,2 winner_sets=1'"; failed=1; }
ranks=$(grep -cE "^rank [0-3] tuned=2 winners=256,512,64,128,128,64,512,256\$" <<<"$out")
[ "$ranks" -eq 4 ] || { echo "FAILED: $ranks of 4 ranks hold the tuning ranks' winners"; failed=1; }
grep -q "tile=512 from rank 1 (tuned there); not measured here" "$dir/split.err" ||
  { echo "FAILED: no rank logged that it took rank 1's winner"; failed=1; }
exit $failed
