// Alias templates whose type ends in a qualifier (Programming in Parallel with CUDA's cx.h:
// `template<typename T> using cr_Ptr = const T * __restrict__;`, the kernels' parameter types):
// Clang's range of the alias ends before the qualifier, and the slice cut each alias there, with
// neither the qualifier nor its ';', so NVRTC refused every configuration ("expected a ;",
// "cr_Ptr is not a template"). The slice writes each alias whole; NVRTC compiles each
// configuration (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <typename T> using r_Ptr = T * __restrict__;
template <typename T> using cr_Ptr = const T * __restrict__;
template <typename T> using cvr_Ptr = T * const __restrict__;
using volatile_int_ptr = int * volatile;

__global__ void scale(r_Ptr<float> out, cr_Ptr<float> in, cvr_Ptr<int> seen, volatile_int_ptr flag,
                      int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i];
  if (i == 0) seen[0] = *flag;
}

void run(float* out, const float* in, int* seen, int* flag, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           scale(out, in, seen, flag, n));
}
// CHECK: {{^}}template <typename T> using r_Ptr = T * __restrict__;
// CHECK: {{^}}template <typename T> using cr_Ptr = const T * __restrict__;
// CHECK: {{^}}template <typename T> using cvr_Ptr = T * const __restrict__;
// CHECK: {{^}}using volatile_int_ptr = int * volatile;
