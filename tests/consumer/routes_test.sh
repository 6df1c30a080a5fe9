#!/usr/bin/env bash
# The four build routes of the README, each building and linking the two-kernel project of
# tests/consumer/routes/ (heat/kernels.cu and norm/kernels.cu: two annotated files of the same base
# name, main.cu without annotations) against the installed package:
#   CMake (find_package + tiletune_add_sources; one file in two targets too), Make with
#   tiletune-nvcc linked by nvcc with `pkg-config --libs tiletune`, the same objects linked by g++
#   (with tiletune-cudart, and with tiletune plus the CUDA runtime), and by hand (the tool, then
#   nvcc). A CMake project without the CUDA language stops at configure, saying what to do.
# Each app runs: "routes: ok" on a GPU, "routes: built, no GPU" without one.
# usage: routes_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-routes.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "routes_test: FAILED: $*" >&2; exit 1; }
run() {
  local status=0
  "$@" >"$work/log" 2>&1 || status=$?
  [ $status -eq 0 ] || { cat "$work/log"; fail "$* exited with $status"; }
}
runs() {  # runs the app $1 and checks its line
  run env TILETUNE_CACHE_DIR="$work/cache" "$1"
  grep -qE '^routes: (ok|built, no GPU)$' "$work/log" || { cat "$work/log"; fail "$1 did not run"; }
}

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cp -r "$source/tests/consumer/routes" "$work/project"
cd "$work/project"

echo "== CMake"
run cmake -S . -B build-cmake -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc
run cmake --build build-cmake
runs build-cmake/app
[ -f build-cmake/libheat_only.a ] || fail "the second target of heat/kernels.cu was not built"
status=0
cmake -S no_cuda -B build-no-cuda -DCMAKE_PREFIX_PATH="$prefix" >"$work/log" 2>&1 || status=$?
[ $status -ne 0 ] || fail "a project without the CUDA language configured"
# CMake wraps its messages: read them as one line.
tr -s ' \n' '  ' <"$work/log" >"$work/joined"
grep -q "CMakeLists.txt:6 (tiletune_add_sources)" "$work/log" &&
  grep -q "the CUDA language is not enabled in this project" "$work/joined" &&
  grep -q "project(NAME LANGUAGES CXX CUDA)" "$work/joined" ||
  { cat "$work/log"; fail "no message saying to enable CUDA"; }
echo ok

echo "== Make + tiletune-nvcc, linked by nvcc with pkg-config --libs tiletune"
run make TILETUNE_PREFIX="$prefix" app
runs ./app
grep -q "^heat/kernels.o *: *heat/kernels.cu" heat/kernels.d && grep -q "heat/kernels.h" heat/kernels.d || fail "heat/kernels.d: $(cat heat/kernels.d)"
echo ok

echo "== the same objects linked by g++"
run make TILETUNE_PREFIX="$prefix" app-gxx
runs ./app-gxx
# pkg-config --libs tiletune on a host compiler's line, with the CUDA runtime given by hand.
run g++ -o app-gxx2 main.o heat/kernels.o norm/kernels.o $(pkg-config --libs tiletune) \
  -L/usr/local/cuda/lib64 -lcudart
runs ./app-gxx2
echo ok

echo "== by hand: the tool, then nvcc"
export PATH=$prefix/bin:$PATH
mkdir -p hand
CFLAGS="-std=c++17 -arch=sm_90 $(pkg-config --cflags tiletune)"
for part in heat norm; do
  run tiletune $part/kernels.cu -o hand/${part}_kernels.cu -- $CFLAGS
  run nvcc $CFLAGS -I$part -c hand/${part}_kernels.cu -o hand/${part}_kernels.o
done
run nvcc $CFLAGS -c main.cu -o hand/main.o
run nvcc -o hand/app hand/main.o hand/heat_kernels.o hand/norm_kernels.o $(pkg-config --libs tiletune)
runs hand/app
echo ok
echo "routes_test: 4 routes passed"
