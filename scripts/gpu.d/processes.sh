#!/usr/bin/env bash
# 8 processes at once on this GPU and one cache directory, the matmul example (2 sites): the
# summary line (tunings, winner sets) is last.
cd "$(dirname "$0")/../.."
bash .device/bench/processes.sh .device/examples/matmul 8
