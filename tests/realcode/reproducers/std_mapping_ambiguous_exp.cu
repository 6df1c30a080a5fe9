// tool: `NVRTC: more than one instance of overloaded function "exp" matches`: with the user's
// `using namespace std;` carried and `namespace std { using namespace cuda::std; }` added, an
// unqualified exp(float) sees both CUDA's global exp(float) and cuda::std::exp(float) once
// <cuda/std/cmath> is in (here via std::sqrt). nvcc accepts. Found in: bbuf/oneflow_softmax (exp,
// log).

#include <tiletune/tiletune.h>
#include <algorithm>
#include <cmath>
using namespace std;

__global__ void k(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = std::sqrt(exp(x[i]));
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(x, n));
}
