#!/usr/bin/env bash
# Large spaces (issues 18, 32): exhaustive against `search = sample` on a matmul of 1,024, a
# reduction of 1,152 and a compile-heavy convolution of 724 configurations, cold compiles each time
# (the bench turns the driver's JIT cache off): 10 exhaustive and 10 sample tunings of the first
# two, 1 exhaustive and 10 sample tunings of the convolution, after an untimed warm-up each. On an
# H200 (2026-11-29) about 40 s per exhaustive convolution, 6.5 s per exhaustive matmul and 5.7 s
# per sampled convolution: some 3.5 minutes in all. The summary line is last.
cd "$(dirname "$0")/../.."
timeout 400 .device/bench/search_scale 10 10 1 10
