// A __constant__ or __device__ variable of internal linkage (`static`, an anonymous namespace) that
// host code reaches through the runtime API works as one of external linkage does: NVRTC would name
// the tuned module's copy differently in every program, so the slice gives it external linkage
// (`static` left out, the anonymous namespace written with a name and a using-directive) and the
// site names it by that module name; the host side names the application's copy from this file,
// where the generated code is. NVRTC compiles the slice (the device check is on) and nvcc the
// rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

static __constant__ float offsets[4];
static const float kUnshared = 1.5f;
namespace filters {
static __constant__ float taps[8];
}  // namespace filters
namespace {
__device__ int counter;
__device__ float scale(float v) { return 2 * v; }
}  // namespace

__global__ void k(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = scale(out[i]) * filters::taps[i & 7] + offsets[i & 3] + kUnshared;
  if (i == 0) atomicAdd(&counter, 1);
}

void setup(const float* host, const float* taps) {
  cudaMemcpyToSymbol(offsets, host, 4 * sizeof(float));
  cudaMemcpyToSymbol(filters::taps, taps, 8 * sizeof(float));
}

int read_counter() {
  int value = 0;
  cudaMemcpyFromSymbol(&value, counter, sizeof(int));
  return value;
}

void run(float* out, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k(out, n));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: {{^}} __constant__ float offsets[4];
// CHECK: static const float kUnshared = 1.5f;
// CHECK: namespace filters {
// CHECK: {{^}} __constant__ float taps[8];
// CHECK: namespace tiletune_unnamed {}
// CHECK-NEXT: using namespace tiletune_unnamed;
// CHECK-NEXT: namespace tiletune_unnamed {
// CHECK: __device__ int counter;
// CHECK: __device__ float scale(float v)
// CHECK: info.symbols = {
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "_ZN7filters4tapsE",
// CHECK-NEXT: [] { return ::tiletune::symbol_memory(::filters::taps, "::filters::taps"); }, false),
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "offsets", [] { return ::tiletune::symbol_memory(::offsets, "::offsets"); }, false),
// CHECK-NEXT: ::tiletune::device_symbol(
// CHECK-NEXT: "_ZN16tiletune_unnamed7counterE",
// CHECK-NEXT: [] { return ::tiletune::symbol_memory(::counter, "::counter"); }, true)};
