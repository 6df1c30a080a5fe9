#!/usr/bin/env bash
# Configures and builds everything into build/ with Ninja: the tests, fuzzers, benchmarks and
# examples too (a plain configure builds only what installs).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTILETUNE_BUILD_TESTS=ON -DTILETUNE_BUILD_FUZZERS=ON -DTILETUNE_BUILD_BENCHES=ON \
  -DTILETUNE_BUILD_EXAMPLES=ON >/dev/null
cmake --build build -j "$(nproc)"
