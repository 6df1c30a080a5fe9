// NVRTC is the judge of what compiles. The slicer objects to uses it expects NVRTC to reject: here
// a host function and a standard-library class without a libcu++ counterpart in a __host__ __device__ function, which the
// host parse sees in the branch for the host. NVRTC takes the device branch and compiles the site,
// so with the device check the tool accepts it. Without the check (nothing else would stop code the
// first launch cannot compile) the objections are errors at their uses.
// RUN: rm -rf %t.cu %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=JUDGED --allow-empty
// RUN: test -s %t.cu
// RUN: not %{tiletune_checked} %s -o %t.unchecked.cu --no-device-check -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=UNCHECKED

#include <tiletune/tiletune.h>

#include <vector>

float host_log(float x) { return std::log(x); }

__host__ __device__ float safe_log(float x) {
#ifdef __CUDA_ARCH__
  return __logf(x);
#else
  return host_log(x) + std::vector<float>(1, x).size();
#endif
}

template <int BLOCK>
__global__ void logs(float* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) x[i] = safe_log(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           logs<$block>(x, n));
}

// JUDGED-NOT: error
// UNCHECKED-DAG: nvrtc_judges.cu:21:10: error: 'host_log' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'safe_log')
// UNCHECKED-DAG: nvrtc_judges.cu:21:24: error: 'std::vector' comes from <vector>, which NVRTC cannot compile into the tuned kernel, and libcu++ has no counterpart of it in cuda::std (used in 'safe_log')
