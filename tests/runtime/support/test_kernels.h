// Device sources that several compile tests build: one copy each.
#pragma once

#include <string_view>

namespace tiletune::testing {

// A templated vector add: "vadd<128>" and the like.
inline constexpr std::string_view kVaddSource = R"(
template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)";

// Two unmangled kernels far apart in registers: k needs a handful; k_wide keeps 48 values live at
// once.
inline constexpr std::string_view kNarrowAndWideKernels = R"(
extern "C" __global__ void k(float* out) { out[threadIdx.x] = 1.0f; }
extern "C" __global__ void k_wide(const float* in, float* out) {
  float v[48];
#pragma unroll
  for (int i = 0; i < 48; ++i) v[i] = in[threadIdx.x + i * 1024];
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < 48; ++i) sum += v[i] * v[47 - i];
#pragma unroll
  for (int i = 0; i < 48; ++i) out[threadIdx.x + i * 1024] = v[i] * sum;
}
)";

}  // namespace tiletune::testing
