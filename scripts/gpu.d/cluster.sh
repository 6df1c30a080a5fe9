#!/usr/bin/env bash
# Issue 34's figures on whatever GPUs this machine has (bench/cluster.sh): ranks split against the
# root tuning all (2 or 4 GPUs), one process on two GPUs, a warm start from another model's
# results file; its summary lines last.
cd "$(dirname "$0")/../.."
if [ ! -x .device/bench/cluster_devices ]; then
  echo "cluster: not staged (build with -DTILETUNE_BUILD_BENCHES=ON before stage_device.sh)"
  exit 1
fi
openmpi=.device/openmpi/env.sh
[ -f "$openmpi" ] || openmpi=/dev/null
bash .device/bench/cluster.sh "$PWD/.device/bench" "$openmpi"
