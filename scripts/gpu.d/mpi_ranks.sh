#!/usr/bin/env bash
# 4 MPI ranks on this one GPU with the OpenMPI that scripts/stage_device.sh copied into
# .device/openmpi (the GPU machine has no MPI), each rank with its own cache directory: first
# without the broadcast hook (each rank tunes), then with it (rank 0 tunes, the others adopt). The
# last line is the run with the hook: "ranks=4 tunings=N winners=M".
cd "$(dirname "$0")/../.."
if [ ! -f .device/openmpi/env.sh ] || [ ! -x .device/mpi/mpi_ranks ]; then
  echo "mpi_ranks: not staged (no OpenMPI or no MPI example where stage_device.sh ran)"
  exit 1
fi
source .device/openmpi/env.sh
flags=(-np 4 --oversubscribe)
[ "$(id -u)" -eq 0 ] && flags+=(--allow-run-as-root)
dir=$(mktemp -d /tmp/tiletune-mpi-XXXXXX)
echo "== without the hook"
orterun "${flags[@]}" .device/mpi/mpi_ranks --no-hook "$dir/no-hook"
echo "== with the hook"
TILETUNE_LOG=1 orterun "${flags[@]}" .device/mpi/mpi_ranks "$dir/hook" >"$dir/hook.out" 2>"$dir/hook.log"
rc=$?
grep "adopted the root rank" "$dir/hook.log"
[ $rc -ne 0 ] && tail -20 "$dir/hook.log"
cat "$dir/hook.out"  # its summary line last
rm -rf "$dir"
exit $rc
