#!/usr/bin/env bash
# README.md's first example, as a reader would use it: the program (the ```cpp block after
# "<!-- readme-example: vadd.cu") saved as vadd.cu, and the commands (the ```sh block after
# "<!-- readme-commands") run against the installed package in place of /opt/tiletune. The build
# and link command must succeed everywhere; with a GPU the program and `tiletune-results show` run
# too and must print what the README says.
# usage: readme_example_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-readme.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "readme_example_test: FAILED: $*" >&2; exit 1; }

# The fenced block that follows the marker line.
block_after() {
  awk -v marker="$1" 'index($0, marker) == 1 { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$source/README.md"
}
block_after "<!-- readme-example: vadd.cu" >"$work/vadd.cu"
block_after "<!-- readme-commands" >"$work/commands.sh"
grep -q "TILETUNE(" "$work/vadd.cu" && grep -q "^int main" "$work/vadd.cu" ||
  fail "README.md has no whole example program after its marker"
[ "$(grep -c . "$work/commands.sh")" -eq 4 ] || fail "README.md's commands are not the four lines expected"

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
sed -i "s#/opt/tiletune#$prefix#g" "$work/commands.sh"
cd "$work"
export TILETUNE_CACHE_DIR=$work/cache
# The export and the build line.
bash -euo pipefail -c "$(sed -n 1,2p commands.sh)" >log 2>&1 || { cat log; fail "the README's build command failed"; }
[ -x vadd ] || fail "the README's build command made no ./vadd"
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "readme_example_test: built and linked; no GPU here, so ./vadd was not run"
  exit 0
fi
bash -euo pipefail -c "$(cat commands.sh)" >log 2>&1 || { cat log; fail "the README's commands failed"; }
grep -q "c\[16777215\] = 2 (2 expected)" log || { cat log; fail "./vadd did not print c[...] = 2"; }
grep -q "best" log || { cat log; fail "TILETUNE_LOG=1 printed no tuning table"; }
grep -q "tile=" log || { cat log; fail "tiletune-results show printed no winner"; }
echo "readme_example_test: built, ran and showed its results"
