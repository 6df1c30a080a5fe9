// The design's example is rewritten into one call into the runtime, with #line directives that
// keep nvcc's line numbers on the original file, and the output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// CHECK: #line 1 "{{.*}}vadd.cu"
// CHECK: static ::tiletune::Site tiletune_site_[[#LINE:]]_3(::tiletune::SiteInfo{
// CHECK-NEXT: "{{.*}}vadd.cu", [[#LINE]], "vadd<$tile>",
// CHECK-NEXT: R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #line 9 "{{.*}}vadd.cu"
// CHECK-NEXT: template <int TILE>
// CHECK-NEXT: __global__ void vadd(const float* a, const float* b, float* c, int n) {
// CHECK: )tiletune",
// CHECK-NEXT: "vadd<$tile>",
// CHECK-NEXT: ::tiletune::Space::cartesian({{[{][{]}}"tile", {64ll, 128ll, 256ll}}, {"occupancy", {1ll, 2ll, 4ll}}}),
// CHECK-NEXT: ::tiletune::Hints{0, 0},
// CHECK: #line [[#@LINE+2]] "{{.*}}vadd.cu"
// CHECK-NEXT: void add(
void add(const float* a, const float* b, float* c, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256), occupancy = (1, 2, 4)),
           blocks = cld(n, $tile), threads = $tile, stream = s,
           vadd<$tile>(a, b, c, n));
}
// CHECK: #line [[#LINE]] "{{.*}}vadd.cu"
// CHECK-NEXT: ::tiletune::launch<void (*)(const float *, const float *, float *, int)>(tiletune_site_[[#LINE]]_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(n))), [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry { (void)tt_cfg; return {::tiletune::Dim(::tiletune::cld(n, tt_cfg[0])), ::tiletune::Dim(tt_cfg[0]), 0u, s}; }, a, b, c, n)
// CHECK-NEXT: #line [[#LINE+2]] "{{.*}}vadd.cu"
// CHECK-NEXT: ;
