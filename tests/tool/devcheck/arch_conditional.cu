// The check compiles for the architecture nvcc is given (-arch after --), else nvcc's default,
// sm_75: code that only one architecture rejects is reported for that one.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_90
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} 2>&1 | FileCheck %s
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_75 2>&1 | FileCheck %s
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  this_architecture_is_too_old();
#endif
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (128, 256)), blocks = cld(n, $tile), threads = $tile, stream = s,
           scale<$tile>(x, n));
}

// CHECK: arch_conditional.cu:14:3: error: NVRTC: identifier "this_architecture_is_too_old" is undefined
// tiletune-nvcc hands nvcc's architecture to the tool (nvcc itself is never reached here).
// RUN: env TILETUNE_NVCC=false TILETUNE=%{tiletune_checked} not $(dirname %{tiletune_checked})/tiletune-nvcc -arch sm_75 -I%{tiletune_include} %s -c -o %t.o 2>&1 | FileCheck %s
// An architecture NVRTC does not know: the check cannot run, which stops the tool too.
// RUN: not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_10 2>&1 | FileCheck %s --check-prefix=BADARCH
// BADARCH: arch_conditional.cu:21:3: error: the device check could not run NVRTC: NVRTC: nvrtcCompileProgram failed: NVRTC_ERROR_INVALID_OPTION
// TILETUNE_DEVICE_CHECK=0 has tiletune-nvcc skip the check (`true` stands in for nvcc).
// RUN: env TILETUNE_NVCC=true TILETUNE_DEVICE_CHECK=0 TILETUNE=%{tiletune_checked} $(dirname %{tiletune_checked})/tiletune-nvcc -arch sm_75 -I%{tiletune_include} %s -c -o %t.o
// The tool reads TILETUNE_DEVICE_CHECK itself, by the runtime's rule for booleans: each spelling of
// off skips the check, with no warning.
// RUN: env TILETUNE_DEVICE_CHECK=false %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} -arch=sm_75 2>&1 | count 0
// RUN: env TILETUNE_DEVICE_CHECK=No %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} -arch=sm_75 2>&1 | count 0
// RUN: env TILETUNE_DEVICE_CHECK=off %{tiletune_checked} %s -o %t.cu -- -I%{tiletune_include} -arch=sm_75 2>&1 | count 0
// Anything else is a warning, and the check runs.
// RUN: env TILETUNE_DEVICE_CHECK=maybe not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_75 2>&1 | FileCheck %s --check-prefix=MAYBE
// MAYBE: tiletune: warning: TILETUNE_DEVICE_CHECK='maybe' is not on or off (accepted: 1, true, yes, on or 0, false, no, off); using 1
// MAYBE: arch_conditional.cu:14:3: error: NVRTC: identifier "this_architecture_is_too_old" is undefined
// RUN: env TILETUNE_DEVICE_CHECK=yes not %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} -arch=sm_75 2>&1 | FileCheck %s
