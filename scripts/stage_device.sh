#!/usr/bin/env bash
# Copies what runs on the lent GPU machine into .device/ (ignored by git, carried by the device
# tool): stripped test and example binaries, and the script that runs them. Build first.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .device
mkdir -p .device/tests .device/examples .device/bench
for f in build/tests/*; do
  case "$f" in *fuzzer | */mpi_ranks_program) continue ;; esac
  [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/tests/$(basename "$f")" "$f"
done
for f in build/examples/*; do
  case "$(basename "$f")" in mpi_ranks) continue ;; esac  # MPI programs go to .device/mpi
  [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/examples/$(basename "$f")" "$f"
done
if [ -d build/bench ]; then
  for f in build/bench/*; do
    [ -f "$f" ] && [ -x "$f" ] && strip -o ".device/bench/$(basename "$f")" "$f"
  done
fi
# The NVRTC worker next to every program staged: the runtime finds it beside /proc/self/exe
# (runtime/compile/front_end/nvrtc_worker_path.h); without it, front ends run in-process (slower with many
# compile threads).
worker=build/bin/tiletune-nvrtc-worker
for d in .device/tests .device/examples .device/bench; do
  [ -x "$worker" ] && strip -o "$d/$(basename "$worker")" "$worker"
done
cp scripts/gpu_run.sh scripts/gpu_bench.sh .device/
cp bench/*.sh .device/bench/
# Per-area GPU steps (each prints its summary lines last).
if [ -d scripts/gpu.d ]; then cp -r scripts/gpu.d .device/; fi
# MPI: the programs, and OpenMPI itself with its libraries and plugins (mpirun there, relocated
# through OPAL_PREFIX: see stage_openmpi.sh), for gpu.d/mpi_ranks.sh.
mpi_programs=()
for f in build/examples/mpi_ranks build/tests/mpi_ranks_program; do
  [ -x "$f" ] && mkdir -p .device/mpi && strip -o ".device/mpi/$(basename "$f")" "$f" &&
    mpi_programs+=(".device/mpi/$(basename "$f")")
done
if ((${#mpi_programs[@]})) && [ -x "$worker" ]; then strip -o ".device/mpi/$(basename "$worker")" "$worker"; fi
if ((${#mpi_programs[@]})); then bash scripts/stage_openmpi.sh .device/openmpi "${mpi_programs[@]}"; fi
du -sh .device
