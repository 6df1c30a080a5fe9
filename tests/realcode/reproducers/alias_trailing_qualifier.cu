// FIXED (lit slice/alias_trailing_qualifiers.cu). An alias template whose type ends in a
// qualifier (`template <typename T> using cr_Ptr = const T *__restrict__;`) naming a kernel's
// parameter types: Clang's range of the alias ends at the `*`, and the slice wrote it without the
// qualifier and its ';', so the tool's device check refused every configuration ("NVRTC: expected
// a ;", "identifier "scale" is undefined"). Found in: ansorge/reduce6, reduce8, graph
// (RichardAns/CUDA-Programs include/cx.h: r_Ptr, cr_Ptr, cvr_Ptr, ccr_Ptr).
// Reproduce: tiletune alias_trailing_qualifier.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>
template <typename T> using r_Ptr = T *__restrict__;
template <typename T> using cr_Ptr = const T *__restrict__;
__global__ void scale(r_Ptr<float> out, cr_Ptr<float> in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2.0f * in[i];
}
void run(float *o, const float *i, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, scale(o, i, n));
}
