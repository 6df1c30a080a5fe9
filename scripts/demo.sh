#!/usr/bin/env bash
# The demo: set up, build the tool and the runtime, rewrite and build the vadd example, run it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
echo
echo "== the annotation (examples/vadd/vadd.cu):"
sed -n '/^ *TILETUNE(/,/;$/p' examples/vadd/vadd.cu
echo
echo "== rewritten by tiletune into a site and a call (build/examples/tiletune/vadd/vadd/vadd.tiletune.cu):"
scripts/show_rewritten_site.sh build/examples/tiletune/vadd/vadd/vadd.tiletune.cu
echo
echo "== running build/examples/vadd"
build/examples/vadd
