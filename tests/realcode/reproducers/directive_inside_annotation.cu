// FIXED (s43: preprocess/resolved_conditionals). A preprocessor conditional inside the annotation's
// kernel call, where the author had it inside the `<<<...>>>` launch's arguments
// (ugovaretto-accel/cuda-training src/014_0_cpp.cu: `#ifndef GENERIC_OP Average3x3<real_t>()
// #else Average<real_t, 3, 3>() #endif` as the functor argument). nvcc takes the plain launch;
// the tool answered "error: expected expression" at the `#ifndef`; it now takes the branch the
// preprocessor takes with its flags, and nvcc compiles its output with the same flags. Found in: ugovaretto/cpp_stencil (annotated with the conditional outside).
// Reproduce: tiletune directive_inside_annotation.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

struct Twice {
  __device__ float operator()(float v) const { return 2 * v; }
};
struct Thrice {
  __device__ float operator()(float v) const { return 3 * v; }
};

template <typename Op>
__global__ void apply(const float* in, float* out, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

void run(const float* in, float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           apply(in, out, n,
#ifndef THRICE
                 Twice()));
#else
                 Thrice()));
#endif
}
