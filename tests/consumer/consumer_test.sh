#!/usr/bin/env bash
# Consumers outside the tree: a CMake project against the installed package (built with Ninja,
# touched, rebuilt) and a Make project with tiletune-nvcc in place of nvcc and the flags of
# pkg-config (built, a header touched, rebuilt).
# usage: consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "consumer_test: FAILED: $*" >&2; exit 1; }

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
[ -x "$prefix/bin/tiletune" ] && [ -x "$prefix/bin/tiletune-nvcc" ] || fail "install lacks the tools"

echo "== CMake consumer (find_package + tiletune_add_sources, Ninja)"
cp -r "$source/tests/consumer/cmake" "$work/cmake"
cmake -S "$work/cmake" -B "$work/cmake/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc >/dev/null
cmake --build "$work/cmake/build" >/dev/null
# Outputs are captured before grep reads them: with pipefail, grep -q closing the pipe early
# would fail the pipeline.
run() { "$@" >"$work/log" 2>&1 || { cat "$work/log"; fail "$* exited with $?"; }; }
run "$work/cmake/build/app"
grep -q "consumer: " "$work/log" || fail "the CMake consumer does not run"
run ninja -C "$work/cmake/build"
grep -q "no work to do" "$work/log" || fail "a second build was not a no-op"
sleep 1
touch "$work/cmake/include/scale_kernel.h"  # included by scale.cu: the depfile must say so
run ninja -C "$work/cmake/build" -v
grep -q "bin/tiletune .*scale.cu" "$work/log" ||
  fail "touching a header scale.cu includes did not re-run the tool"
run ninja -C "$work/cmake/build"
grep -q "no work to do" "$work/log" || fail "the build after the touch is not settled"
echo "ok"

echo "== Make consumer (tiletune-nvcc, pkg-config)"
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs tiletune >"$work/pc" ||
  fail "pkg-config finds no tiletune in the install"
for flag in "-I$prefix/lib/pkgconfig/../../include" -ltiletune -lnvrtc -lnvJitLink -lz -ldl; do
  grep -qF -- "$flag" "$work/pc" || fail "pkg-config --cflags --libs tiletune lacks $flag: $(cat "$work/pc")"
done
cp -r "$source/tests/consumer/make" "$work/make"
cd "$work/make"
# A file with no annotation passes straight through: no tool needed at all.
TILETUNE=/nonexistent/tiletune make plain.o NVCC="$prefix/bin/tiletune-nvcc" TILETUNE_PREFIX="$prefix" >/dev/null ||
  fail "a file without annotations needed the tool"
if TILETUNE=/nonexistent/tiletune make scale.o NVCC="$prefix/bin/tiletune-nvcc" TILETUNE_PREFIX="$prefix" >"$work/out" 2>&1; then
  fail "an annotated file compiled without the tool"
fi
grep -q "has TILETUNE annotations, but the tiletune tool is not at" "$work/out" || fail "no clear message without the tool"
make NVCC="$prefix/bin/tiletune-nvcc" TILETUNE_PREFIX="$prefix" >/dev/null
run ./app
grep -q "consumer: " "$work/log" || fail "the Make consumer does not run"
grep -q "^scale.o *: *scale.cu" scale.d || { cat scale.d; fail "scale.d does not name scale.cu"; }
! grep -q "tiletune-nvcc\." scale.d || fail "scale.d names tiletune-nvcc's temporary file"
run make NVCC="$prefix/bin/tiletune-nvcc" TILETUNE_PREFIX="$prefix"
grep -q "is up to date" "$work/log" || { cat "$work/log"; fail "a second make was not a no-op"; }
sleep 1
touch include/scale_kernel.h  # included by scale.cu: scale.d must say so
run make NVCC="$prefix/bin/tiletune-nvcc" TILETUNE_PREFIX="$prefix"
grep -q -- "-c scale.cu" "$work/log" || { cat "$work/log"; fail "touching a header scale.cu includes did not rebuild scale.o"; }
# A rejected annotation: the tool's exit status and a message at the original file's column.
status=0
"$prefix/bin/tiletune-nvcc" -std=c++17 -arch=sm_90 -I"$prefix/include" -c bad.cu -o bad.o >"$work/out" 2>&1 || status=$?
[ $status -eq 1 ] || fail "a rejected annotation exited $status, not 1"
grep -q "bad.cu:7:57: error: '\$tiles' names no axis of the space; did you mean '\$tile'?" "$work/out" ||
  { cat "$work/out"; fail "the error does not point at bad.cu:7:57"; }
[ ! -e bad.o ] || fail "an object was written for a rejected file"
echo "ok"
echo "consumer_test: 2 passed, 0 failed"
