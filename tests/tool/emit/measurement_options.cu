// restore, outputs, verify and flush_l2 become a lambda the runtime calls only when it tunes, and
// the site lists the `$` names it uses; the output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, const float* y, float* z, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) {
    x[i] = 2 * x[i];
    z[i] = y[i];
  }
}

// CHECK: ::tiletune::Hints{0, 0},
// CHECK-NEXT: {},
// CHECK-NEXT: {"tile"}});
void in_place(float* x, const float* y, float* z, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, stream = s,
           restore = (x, n * sizeof(float)), outputs = (x, n * sizeof(float), z, n * 4),
           verify = 1e-5, flush_l2 = true,
           scale<$tile>(x, y, z, n));
  // CHECK: ::tiletune::launch_with<{{.*}}>(tiletune_site_{{[0-9_]+}}, {{.*}}, [&]() -> ::tiletune::TuningOptions { ::tiletune::TuningOptions tt_options; tt_options.restore = {::tiletune::buffer(x, static_cast<::std::size_t>(n * sizeof(float)))}; tt_options.outputs = {::tiletune::buffer(x, static_cast<::std::size_t>(n * sizeof(float))), ::tiletune::buffer(z, static_cast<::std::size_t>(n * 4))}; tt_options.verify = true; tt_options.tolerance = static_cast<double>(1e-5); tt_options.flush_l2 = true; return tt_options; }, x, y, z, n)
}

// CHECK: {"tile"}});
void plain(float* x, const float* y, float* z, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           restore = (x, n * 4), verify = true, scale<$tile>(x, y, z, n));
  // CHECK: tt_options.restore = {::tiletune::buffer(x, static_cast<::std::size_t>(n * 4))}; tt_options.verify = true; return tt_options; }, x, y, z, n)
}
