#!/usr/bin/env bash
# Issue 34's GPU figures, one script: what the machine's GPU count allows, a table last.
# - 4 ranks on 4 GPUs (mpirun -np 4 cluster_ranks; 2 on a machine of 2), the matmul site at 16
#   sizes: the tuning phase
#   with the split (tune_ahead, MPI_Allgatherv) against rank 0 tuning all and broadcasting, once
#   with a cold compile cache and once with a warm one; every rank's winners compared.
# - One process on 2 GPUs (cluster_devices devices): tunings per GPU, winners, the warm path.
# - A results file from another model (cluster_devices models; simulated by renaming this GPU's
#   model in the file where only one model is at hand): warm-started tuning against a cold one.
# usage: bench/cluster.sh BINDIR [OPENMPI_ENV]
#   BINDIR holds cluster_ranks and cluster_devices (and tiletune-nvrtc-worker beside them);
#   OPENMPI_ENV: a file to source for mpirun (scripts/stage_openmpi.sh's env.sh), else the PATH's.
set -uo pipefail
bin=$1
[ $# -gt 1 ] && source "$2"
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-cluster.XXXXXX")
trap 'rm -rf "$work"' EXIT
nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c
summary=()
mpirun=$(command -v orterun || command -v mpirun || true)

ranks=$((gpus >= 4 ? 4 : gpus))
# Each rank may use every core (--bind-to none): Open MPI's default binds each of 2 ranks to one
# core (4 ranks to a socket), and a rank's compiles then share that one core, which the runtime
# says at the first tuning (process/usable_cpus.h). One cold root run under the default binding
# shows what that costs.
binding=(--bind-to none)
ranks_run() {  # $1 split|root, $2 cache dir, $3 label
  local flags=(-np "$ranks" "${binding[@]}")
  [ "$(id -u)" -eq 0 ] && flags+=(--allow-run-as-root)
  local line
  line=$(TILETUNE_CACHE_DIR=$2 "$mpirun" "${flags[@]}" "$bin/cluster_ranks" "$1" "$work/$1-$3" \
    2>"$work/$1-$3.err" | grep '^mode=')
  [ -z "$line" ] && { tail -20 "$work/$1-$3.err" >&2; line="mode=$1 FAILED"; }
  echo "$line"
}
phase() { sed -n 's/.*phase_s=\([0-9.]*\).*/\1/p' <<<"$1"; }

if [ "$ranks" -ge 2 ] && [ -n "$mpirun" ] && [ -x "$bin/cluster_ranks" ]; then
  binding=()
  bound=$(ranks_run root "$work/cache-bound" bound)
  echo "cold compile cache, mpirun's default binding: $bound"
  grep -m1 'may use' "$work/root-bound.err" >&2
  summary+=("$ranks ranks, cold compile cache, root tunes all, mpirun's default binding: $(phase "$bound") s")
  binding=(--bind-to none)
  for cache in cold warm; do
    root=$(ranks_run root "$work/cache-root" "$cache")
    split=$(ranks_run split "$work/cache-split" "$cache")
    echo "$cache compile cache: $root"
    echo "$cache compile cache: $split"
    ratio=$(awk -v r="$(phase "$root")" -v s="$(phase "$split")" 'BEGIN { if (s > 0) printf "%.2f", r / s }')
    summary+=("$ranks ranks on $ranks GPUs, 16 keys, $cache compile cache: root tunes all $(phase "$root") s, split $(phase "$split") s: ${ratio}x; split ${split#*tunings=}; root ${root#*tunings=}")
  done
else
  summary+=("ranks on several GPUs: not run ($gpus GPU, mpirun: ${mpirun:-none})")
fi

if [ "$gpus" -ge 2 ]; then
  "$bin/cluster_devices" devices "$work/devices" | tee "$work/devices.out"
  summary+=("$(tail -1 "$work/devices.out")")
else
  summary+=("one process on 2 GPUs: not run ($gpus GPU)")
fi

"$bin/cluster_devices" models "$work/models" | tee "$work/models.out"
summary+=("$(tail -1 "$work/models.out")")

echo
echo "== summary ($gpus x $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1))"
printf '%s\n' "${summary[@]}"
