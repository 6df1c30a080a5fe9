#!/usr/bin/env bash
# The demo: set up, build the tool and the runtime, rewrite and build the vadd example, run it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
echo
echo "== the annotation, rewritten by tiletune (build/examples/vadd.tiletune.cu):"
grep -n "tiletune::launch" build/examples/vadd.tiletune.cu | cut -c1-200
echo
echo "== running build/examples/vadd"
build/examples/vadd
