// A configuration whose kernel faults the GPU (tile=256 writes 4 GiB past its buffer) stops the
// tuning with an error naming that configuration: the CUDA context is unusable after such a fault,
// so every later configuration would only fail with the same driver error. The fault ends the
// process's use of CUDA, so the tuning runs in a child process (a death test, re-executed). The
// driver's words for the fault vary with the address (H200: "operation not supported on
// global/shared address space", CUDA_ERROR_INVALID_ADDRESS_SPACE, for this one).
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

template <int TILE>
__global__ void touch(float* out, int n) {
  const long long i = static_cast<long long>(blockIdx.x) * TILE + threadIdx.x;
  if (TILE == 256) {
    out[i + (1ll << 30)] = 1.0f;  // far outside any allocation
    return;
  }
  if (i < n) out[i] = 1.0f;
}

void touch_all(float* out, int n) {
  TILETUNE(space = (tile = (128, 256, 512)), blocks = cld(n, $tile), threads = $tile,
           touch<$tile>(out, n));
}

TEST(Fault, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("fault_test.cu", 3);
}

// Tunes in this process: exits 3 with the error on stderr, 0 when the launch returned.
[[noreturn]] void tune_and_exit() {
  const int n = 1 << 20;
  float* out = nullptr;
  cudaMalloc(&out, n * sizeof(float));
  try {
    touch_all(out, n);
    cudaDeviceSynchronize();
  } catch (const tiletune::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::exit(3);
  }
  std::exit(0);
}

TEST(FaultDeathTest, AConfigurationThatFaultsStopsTheTuningAndIsNamed) {
  TILETUNE_REQUIRE_GPU();
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(tune_and_exit(), ::testing::ExitedWithCode(3),
              "fault_test.cu:27: tiletune: the GPU faulted while `touch<\\$tile>` ran with "
              "tile=256 \\(cu[A-Za-z]+ failed: [^)]+\\): a CUDA context is unusable after such a "
              "fault");
}
