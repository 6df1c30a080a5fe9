#!/usr/bin/env bash
# Runs every test: set up, build, then CTest (GoogleTest suites, the lit suite of the tool, and the
# GPU tests, which skip with a line saying so where there is no GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "$(nproc)" "$@"
