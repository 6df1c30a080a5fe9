#!/usr/bin/env bash
# An annotated header (kernel and launcher, as GPU vendors' samples write them) that two .cu files
# include, neither annotated itself, built by the README's three routes against the installed
# package: CMake (tiletune_add_sources), Make with tiletune-nvcc, and by hand (the tool with -o and
# --depfile, then nvcc). Each route rewrites a copy of the header per file into the build's output
# directory (never the source tree), the user's nvcc flags reach the tuned kernel (the copy's
# SiteInfo::options), dependencies name the original header, and touching it rebuilds both files.
# Each app runs: "headers: ok" on a GPU, "headers: built, no GPU" without one.
# usage: headers_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tiletune-headers.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "headers_test: FAILED: $*" >&2; exit 1; }
run() {
  local status=0
  "$@" >"$work/log" 2>&1 || status=$?
  [ $status -eq 0 ] || { cat "$work/log"; fail "$* exited with $status"; }
}
runs() {  # runs the app $1 and checks its line
  run env TILETUNE_CACHE_DIR="$work/cache" "$1"
  grep -qE '^headers: (ok|built, no GPU)$' "$work/log" || { cat "$work/log"; fail "$1 did not run"; }
}
# The copy $1 of kernels.cuh holds the site, with each NVRTC option after $1.
copy_has_options() {
  local copy=$1
  shift
  [ -f "$copy" ] || fail "no copy $copy"
  grep -q "tiletune_site_kernels_cuh_" "$copy" || fail "$copy holds no site"
  local option
  for option in "$@"; do
    grep -qF "\"$option\"" "$copy" || { cat "$copy"; fail "$copy lacks the NVRTC option $option"; }
  done
}
untouched_tree() {
  if find . -name '*.headers' -not -path './build*' -not -path './hand/*' | grep -q .; then
    fail "a copy was written into the source tree: $(find . -name '*.headers')"
  fi
}

prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cp -r "$source/tests/consumer/headers" "$work/project"
cd "$work/project"

echo "== CMake"
run cmake -S . -B build-cmake -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc -DCMAKE_CUDA_FLAGS=-lineinfo
run cmake --build build-cmake
# The tool says which flag the tuned kernels are compiled without (--extended-lambda).
grep -q "nvcc's '--extended-lambda' has no NVRTC counterpart" "$work/log" ||
  { cat "$work/log"; fail "no warning for --extended-lambda"; }
for unit in a b; do
  copy_has_options "build-cmake/tiletune/app/$unit.tiletune.cu.headers/kernels.cuh" \
    -DSCALE=3 --generate-line-info --use_fast_math --ptxas-options=-O2
done
untouched_tree
runs build-cmake/app
run ninja -C build-cmake
grep -q "no work to do" "$work/log" || fail "a second build was not a no-op"
sleep 1
touch include/app/kernels.cuh
run ninja -C build-cmake -v
grep -q "bin/tiletune .*/a.cu" "$work/log" && grep -q "bin/tiletune .*/b.cu" "$work/log" ||
  { cat "$work/log"; fail "touching the header did not re-run the tool for a.cu and b.cu"; }
echo ok

echo "== Make + tiletune-nvcc"
# A tool that keeps what it wrote, to read the copies tiletune-nvcc's temporary folder loses.
cat >"$work/keeping-tool" <<TOOL
#!/usr/bin/env bash
"$prefix/bin/tiletune" "\$@" || exit \$?
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && out=\$2; shift; done
mkdir -p "$work/kept" && cp -r "\$out" "\$out.headers" "$work/kept/"
TOOL
chmod +x "$work/keeping-tool"
run env TILETUNE="$work/keeping-tool" make TILETUNE_PREFIX="$prefix" app
copy_has_options "$work/kept/a.cu.headers/kernels.cuh" -DSCALE=3 --use_fast_math --ptxas-options=-O2
copy_has_options "$work/kept/b.cu.headers/kernels.cuh" -DSCALE=3 --use_fast_math --ptxas-options=-O2
untouched_tree
runs ./app
for unit in a b; do
  grep -q "include/app/kernels.cuh" $unit.d || fail "$unit.d does not name the header: $(cat $unit.d)"
  ! grep -q "tiletune-nvcc\." $unit.d || fail "$unit.d names tiletune-nvcc's temporary files"
done
sleep 1
touch include/app/kernels.cuh
run make TILETUNE_PREFIX="$prefix" app
grep -q "a.cu -o a.o" "$work/log" && grep -q "b.cu -o b.o" "$work/log" ||
  { cat "$work/log"; fail "touching the header did not rebuild a.o and b.o"; }
echo ok

echo "== by hand: the tool with -o and --depfile, then nvcc"
export PATH=$prefix/bin:$PATH
mkdir -p hand
CFLAGS="-std=c++17 -arch=sm_90 -Iinclude -DSCALE=3 -use_fast_math $(pkg-config --cflags tiletune)"
for unit in a b; do
  run tiletune $unit.cu -o hand/$unit.cu --depfile hand/$unit.d -- $CFLAGS
  copy_has_options hand/$unit.cu.headers/kernels.cuh -DSCALE=3 --use_fast_math
  grep -q "include/app/kernels.cuh" hand/$unit.d || fail "hand/$unit.d lacks the header"
  run nvcc $CFLAGS -I. -c hand/$unit.cu -o hand/$unit.o
done
run nvcc $CFLAGS -c main.cu -o hand/main.o
run nvcc -o hand/app hand/main.o hand/a.o hand/b.o $(pkg-config --libs tiletune)
runs hand/app
untouched_tree
echo ok
echo "headers_test: 3 routes passed"
