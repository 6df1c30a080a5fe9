#!/usr/bin/env bash
# A plain configure builds only what `cmake --install` installs: no test, fuzzer, benchmark or
# example, and fewer build steps than the full build (scripts/build.sh's options) of BUILD_DIR.
# usage: install_only_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-install-only.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "install_only_test: FAILED: $*" >&2; exit 1; }

cmake -S "$source" -B "$work/build" -G Ninja >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; fail "a plain configure failed"; }
# Every command `ninja` would run from scratch, for the default target (what install needs).
ninja -C "$work/build" -t commands >"$work/install_only.txt"
ninja -C "$build" -t commands >"$work/full.txt"
install_only=$(wc -l <"$work/install_only.txt")
full=$(wc -l <"$work/full.txt")
echo "build steps: install-only $install_only, full $full"
[ "$install_only" -lt "$full" ] || fail "the install-only build has $install_only steps, the full one $full"
grep -q "libtiletune\.a" "$work/install_only.txt" || fail "the install-only build lacks libtiletune.a"
grep -q -- "-o bin/tiletune " "$work/install_only.txt" || fail "the install-only build lacks the tool"
if grep -E "/(tests|bench|examples)/|fuzz" "$work/install_only.txt" >"$work/extra.txt"; then
  head -3 "$work/extra.txt"
  fail "the install-only build builds tests, fuzzers, benchmarks or examples"
fi
grep -qE "/(tests|bench|examples)/" "$work/full.txt" || fail "the full build has no tests: not a full build"
echo "install_only_test: passed"
