#!/usr/bin/env bash
# Code quality (issue 16): every configuration of four kernels built by tiletune, by NVRTC from
# source with __launch_bounds__ and by nvcc -cubin, re-timed on one harness; the summary table
# (tiletune's winner / best other build, goal <= 1.00) is last. nvcc: /usr/local/cuda/bin/nvcc or
# $TILETUNE_NVCC.
cd "$(dirname "$0")/../.."
timeout 240 .device/bench/code_quality
