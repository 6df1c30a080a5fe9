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

// CHECK: info.space = ::tiletune::Space::cartesian({{[{][{]}}"tile", {64ll, 128ll}}});
// CHECK-NEXT: info.dollar_names = {"tile"};
// CHECK-NEXT: return info;
void in_place(float* x, const float* y, float* z, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, stream = s,
           restore = (x, n * sizeof(float)), outputs = (x, n * sizeof(float), z, n * 4),
           verify = 1e-5, flush_l2 = true,
           scale<$tile>(x, y, z, n));
  // CHECK: ::tiletune::launch_with<void (*)(float *, const float *, float *, int)>(
  // CHECK: [&]() -> ::tiletune::TuningOptions {
  // CHECK-NEXT: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: #line [[#@LINE-6]] "{{.*}}measurement_options.cu"
  // CHECK-NEXT: tt_options.restore = {::tiletune::buffer(x, static_cast<::std::size_t>(n * sizeof(float)))};
  // CHECK-NEXT: tt_options.outputs = {
  // CHECK-NEXT: #line [[#@LINE-9]] "{{.*}}measurement_options.cu"
  // CHECK-NEXT: ::tiletune::buffer(x, static_cast<::std::size_t>(n * sizeof(float))),
  // CHECK-NEXT: #line [[#@LINE-11]] "{{.*}}measurement_options.cu"
  // CHECK-NEXT: ::tiletune::buffer(z, static_cast<::std::size_t>(n * 4))};
  // CHECK-NEXT: tt_options.verify = true;
  // CHECK-NEXT: #line [[#@LINE-13]] "{{.*}}measurement_options.cu"
  // CHECK-NEXT: tt_options.tolerance = static_cast<double>(1e-5);
  // CHECK-NEXT: tt_options.flush_l2 = true;
  // CHECK-NEXT: return tt_options;
  // CHECK-NEXT: },
  // CHECK-NEXT: #line
  // CHECK-NEXT: x, y, z, n)
}

// CHECK: info.dollar_names = {"tile"};
void plain(float* x, const float* y, float* z, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           restore = (x, n * 4), verify = true, scale<$tile>(x, y, z, n));
  // CHECK: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: #line [[#@LINE-2]] "{{.*}}measurement_options.cu"
  // CHECK-NEXT: tt_options.restore = {::tiletune::buffer(x, static_cast<::std::size_t>(n * 4))};
  // CHECK-NEXT: tt_options.verify = true;
  // CHECK-NEXT: return tt_options;
  // CHECK-NEXT: },
  // CHECK-NEXT: #line
  // CHECK-NEXT: x, y, z, n)
}
