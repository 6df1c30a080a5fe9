// tool (check): a kernel declared in an anonymous namespace (a file's own kernels, as TensorRT-LLM,
// XLA and Caffe2 write them) was not found: "no function named 'scale' in this translation unit",
// as the lookup compared `(anonymous namespace)::scale` with the name the call writes. Fixed
// 2026-11-29: a name is looked up as a call writes it, anonymous and inline namespaces left out
// (tests/tool/check/kernel_in_unnamed_namespace.cu). Found by a probe of constructs common in
// real code (no corpus program of this session holds one).

#include <tiletune/tiletune.h>

namespace {
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}
}  // namespace

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, scale(x, n));
}
