// What the tool's own analysis once refused and NVRTC compiles. A call whose argument depends on a
// template parameter names every overload in scope (CUDA's intrinsics have host declarations too),
// and which one it calls is decided per instantiation: no overload of such a call is a reason to
// refuse, and a host overload of the user's stays out of the slice (NVRTC refuses a host
// function's definition, called or not). A namespace-scope `const float` is readable in device code
// (nvcc allows const floating-point and integral variables with a constant initializer). NVRTC
// compiles every instantiation (the device check is on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

const float kScale = 0.5f;
const double kOffset = 0.25;

double adjust(double x) { return x + 1; }
__device__ float adjust(float x) { return x - 1; }

template <int BLOCK, typename T>
__global__ void fast_math(T* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= n) return;
  T v = x[i];
  v = rsqrtf(v) + rsqrt(v) + __expf(v) + __logf(v) + __sinf(v) + __cosf(v) + __tanf(v);
  v += __powf(v, T(2)) + rcbrt(v) + exp10f(v) + __fdividef(v, T(3)) + normcdff(v);
  v += erfcinvf(v) + sinpif(v) + __saturatef(v) + fmaf(v, v, v) + __frcp_rn(v);
  x[i] = adjust(v) * kScale + static_cast<T>(kOffset);
}

void run(float* x, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           fast_math<$block, float>(x, n));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: const float kScale = 0.5f;
// CHECK: const double kOffset = 0.25;
// CHECK-NOT: double adjust(double x)
// CHECK: __device__ float adjust(float x)
// CHECK: __global__ void fast_math(
