// A functor returning a thrust::tuple, unpacked with thrust::get in the kernel (HeCBench's rotary,
// PyTorch's gpu_kernel_multiple_outputs): <thrust/tuple.h> is one of thrust's headers NVRTC
// compiles on its own (in CUDA 13's CCCL thrust::tuple is libcu++'s), as are <thrust/pair.h> and
// <thrust/functional.h>, so the slice includes the one it came through (here <thrust/functional.h>);
// NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file. A thrust
// header NVRTC refuses is still refused at the use.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --extended-lambda -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %{tiletune_checked} %s -o %t.refused.cu --device-check-cache %t.cache -- -I%{tiletune_include} -DUSE_SORT 2>&1 | FileCheck %s --check-prefix=REFUSED

#include <tiletune/tiletune.h>

#include <thrust/functional.h>
#include <thrust/tuple.h>
#ifdef USE_SORT
#include <thrust/sort.h>
#endif

template <class F>
__global__ void both(int n, F f, float* a, float* b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  thrust::tuple<float, float> r = f(a[i]);
  a[i] = thrust::get<0>(r);
  b[i] = thrust::plus<float>()(thrust::get<1>(r), 1.0f);
#ifdef USE_SORT
  thrust::less<float> before;
  if (before(a[i], b[i])) thrust::swap(a[i], b[i]);
#endif
}

template <class F>
void launch(int n, F f, float* a, float* b) {
  TILETUNE(space = (t = (128, 256)), blocks = (n + $t - 1) / $t, threads = $t,
           restore = (a, n * sizeof(float)), both(n, f, a, b));
}

void run(int n, float* a, float* b) {
  launch(n, [] __host__ __device__(float v) -> thrust::tuple<float, float> { return {v, -v}; },
         a, b);
}
// The device source (not the rewritten file's own lines, which hold the test's includes and these
// lines): the thrust header the functor's tuple came through, and the functor returning it.
// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #include <thrust/functional.h>
// CHECK: __device__ auto operator()(float v) const -> thrust::tuple<float, float>
// CHECK: )tiletune"
// REFUSED: error: 'thrust::swap' is declared in <thrust/sort.h>, which NVRTC cannot compile into the tuned kernel
