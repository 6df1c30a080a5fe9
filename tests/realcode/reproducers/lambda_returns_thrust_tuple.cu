// FIXED (lit slice/thrust_tuple.cu). An extended lambda returning a `thrust::tuple` (HeCBench's
// rotary, PyTorch's gpu_kernel_multiple_outputs: the functor's outputs as a tuple, unpacked with
// thrust::get in the kernel): nvcc compiles it; the tool refused it at the use ("'thrust::tuple' is
// declared in <thrust/tuple.h>, which NVRTC cannot compile into the tuned kernel"), though NVRTC
// compiles <thrust/tuple.h> on its own in CUDA 13 (its thrust::tuple is libcu++'s). The slice now
// includes <thrust/tuple.h>, <thrust/pair.h> and <thrust/functional.h> as written.
// Reproduce: tiletune lambda_returns_thrust_tuple.cu -o out.cu -- -I<tiletune>/include
//            -std=c++17 --extended-lambda

#include <tiletune/tiletune.h>

#include <thrust/tuple.h>

template <class F>
__global__ void both(int n, F f, float* a, float* b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  thrust::tuple<float, float> r = f(a[i]);
  a[i] = thrust::get<0>(r);
  b[i] = thrust::get<1>(r);
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
