// Declarations local to a function under a conditional on the device compiler's macros. One the
// host parse sees (`struct S` in the host branch of `scaled`) is in its function's text, which
// the slice carries whole: it is no declaration at namespace scope to carry (the tool crashed on
// it, where a using-directive made it look for the unit's namespace). One only NVRTC sees (the
// kernel's device branch): the host parse never saw what it uses, so the names there bring the
// user's declarations they name: `scaled` (a __device__ function), `kBias` (a constant), `Pair` (a
// type), `Mode`'s `kTwice` (an enumerator); a host function of the same name as one of them
// (`twice`) stays out. NVRTC compiles every instantiation (the device check is on) and nvcc the
// rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

namespace util {
constexpr float kUnused = 0.0f;
}
using namespace util;

constexpr float kBias = 0.5f;

struct Pair {
  float a, b;
};

enum Mode { kOnce, kTwice };

float twice(float x) { return 2.0f * x; }

__device__ float twice(float x, Mode m) { return m == kTwice ? 2.0f * x : x; }

__device__ float scaled(float x) {
#if __CUDA_ARCH__ >= 800
  return x * 3.0f;
#else
  struct S {
    float a;
  };
  S s{x};
  return s.a * 3.0f;
#endif
}

template <int B>
__global__ void k(float* out, int n) {
#ifdef __CUDA_ARCH__
  struct Index {
    int i;
  };
  Index at{int(blockIdx.x * B + threadIdx.x)};
  Pair p{scaled(out[at.i]), kBias};
  if (at.i < n) out[at.i] = twice(p.a + p.b, kTwice);
#endif
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, k<$b>(out, n));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  )tiletune"
// CHECK:      constexpr float kBias = 0.5f;
// CHECK:      struct Pair {
// CHECK:      enum Mode { kOnce, kTwice };
// CHECK-NOT:  float twice(float x) { return 2.0f * x; }
// CHECK:      __device__ float twice(float x, Mode m)
// CHECK:      __device__ float scaled(float x) {
// CHECK:      struct S {
// CHECK:      __global__ void k(float* out, int n) {
// CHECK:      )tiletune"
