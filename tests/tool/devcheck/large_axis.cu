// An axis of more values than the device check compiles one by one (256): the check compiles
// 256 of them, the smallest and the largest among them, and says so, whatever the axis's size
// (an axis of 10^6 values was compiled whole: over 600 s). The other checks read every value once:
// a value repeated among a thousand is still found. The file is this one with VALUES made 1..1000.
// RUN: rm -rf %t && mkdir -p %t/dump
// RUN: sed "s/VALUES/$(seq -s ', ' 1 1000)/" %s > %t/large_axis.cu
// RUN: not %{tiletune_checked} %t/large_axis.cu -o %t/out.cu --device-check-cache %t/cache --dump-device-sources %t/dump -- -I%{tiletune_include} > %t/log 2>&1
// RUN: FileCheck %s --input-file=%t/log
// RUN: grep -c '^ *"offset<(128), (0), ([0-9]*)>",\{0,1\}$' %t/dump/large_axis.cu.49.3.json | FileCheck %s --check-prefix=COUNT
// RUN: FileCheck %s --check-prefix=ENDS --input-file=%t/dump/large_axis.cu.49.3.json
// RUN: grep -c '^ *"pair<(128), (0), ([0-9]*), ([0-9]*)>",\{0,1\}$' %t/dump/large_axis.cu.53.3.json | FileCheck %s --check-prefix=PAIRS

// CHECK: large_axis.cu:49:3: note: the device check compiled 256 of the 1000 instantiations of this site: 256 of the 1000 values of axis 'v' (the smallest, the largest and values evenly spaced between){{$}}
// CHECK: large_axis.cu:53:3: note: the device check compiled 258 of the 3000 instantiations of this site: 256 of the 1000 values of axis 'v' (the smallest, the largest and values evenly spaced between), every value of the other axes, not every combination
// CHECK: large_axis.cu:{{[0-9]+}}:3: error: NVRTC: static assertion failed with "the largest value is compiled"
// CHECK: note: NVRTC: detected during instantiation of "void below<tiletune_max_threads,tiletune_min_blocks,V>(float *, int) [with tiletune_max_threads=128, tiletune_min_blocks=0, V=1000]"
// COUNT: {{^256$}}
// The first three instantiations bring the three values of w, with v's first.
// PAIRS: {{^258$}}
// ENDS: "offset<(128), (0), (1)>"
// ENDS: "offset<(128), (0), (1000)>"

// RUN: sed "s/VALUES/$(seq -s ', ' 1 1000), 500/" %s > %t/repeated.cu
// RUN: not %tiletune %t/repeated.cu -o %t/out.cu 2>&1 | FileCheck %s --check-prefix=REPEATED
// REPEATED: repeated.cu:{{[0-9]+}}:{{[0-9]+}}: error: value 500 appears twice in axis 'v': every configuration would repeat

#include <tiletune/tiletune.h>

template <int V>
__global__ void offset(float* x, int n) {
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i < n) x[i] += V;
}

template <int V, int W>
__global__ void pair(float* x, int n) {
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i < n) x[i] += V * W;
}

template <int V>
__global__ void below(float* x, int n) {
  static_assert(V < 1000, "the largest value is compiled");
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i < n) x[i] += V;
}

void run(float* x, int n) {
  TILETUNE(space = (v = (VALUES)), blocks = cld(n, 128), threads = 128, offset<$v>(x, n));
}

void run_pair(float* x, int n) {
  TILETUNE(space = (v = (VALUES), w = (1, 2, 3)), blocks = cld(n, 128), threads = 128, pair<$v, $w>(x, n));
}

void run_below(float* x, int n) {
  TILETUNE(space = (v = (VALUES)), blocks = cld(n, 128), threads = 128, below<$v>(x, n));
}
