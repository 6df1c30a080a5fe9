// NVRTC is the judge of what compiles. The slicer objects to uses it expects NVRTC to reject: here
// a host function that a __device__ function template calls in a branch `if constexpr` discards
// for every type the kernel instantiates it with (the call depends on the type: only an
// instantiation would resolve it). NVRTC compiles the site, so with the device check the tool
// accepts it. Without the check (nothing else would stop code the first launch cannot compile) the
// objection is an error at its use.
// RUN: rm -rf %t.cu %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=JUDGED --allow-empty
// RUN: test -s %t.cu
// RUN: not %{tiletune_checked} %s -o %t.unchecked.cu --no-device-check -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=UNCHECKED

#include <tiletune/tiletune.h>

#include <cmath>

double host_log(double x) { return std::log(x); }

template <class T>
__device__ T safe_log(T x) {
  if constexpr (sizeof(T) == sizeof(double))
    return host_log(x);
  else
    return __logf(x);
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
// UNCHECKED: nvrtc_judges.cu:21:12: error: 'host_log' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'safe_log')
