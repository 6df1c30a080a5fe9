#!/usr/bin/env bash
# Large spaces (issue 18): exhaustive against `search = sample` on a matmul of 1,024 and a
# reduction of 1,152 configurations, cold compiles each time: 2 exhaustive and 10 sample tunings
# per kernel (exhaustive is the slow side; about 2 minutes in all expected on an H100, not yet
# measured). The summary line is last.
cd "$(dirname "$0")/../.."
timeout 235 .device/bench/search_scale 2 10
