#!/usr/bin/env bash
# Large spaces (issue 18): exhaustive against `search = sample` on a matmul of 1,024 and a
# reduction of 1,152 configurations, cold compiles each time: 10 exhaustive and 10 sample tunings
# per kernel after an untimed warm-up (about 5 s per exhaustive matmul tuning on an H100 before
# pruning: some 2 minutes in all expected, not yet measured). The summary line is last.
cd "$(dirname "$0")/../.."
timeout 400 .device/bench/search_scale 10 10
