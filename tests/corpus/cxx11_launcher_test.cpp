// The C++11 translation unit's launchers (cxx11_launcher.cu), checked against a CPU reference.
#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

void cxx11_scale_add(int n, float a, const float* x, float* y);
void cxx11_fill(int n, float value, float* y);

namespace {

TEST(CorpusCxx11, SlicesCompile) {
  // (64, 128, 256) x (1, 2, 4) with block * items <= 512: 8 of the 9; the run-time space: none.
  tiletune::corpus::expect_slices_compile("cxx11_launcher.cu", 8);
}

TEST(CorpusCxx11, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 100003;
  std::vector<float> x(n), y(n, 1.f), want(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 13);
    want[i] = 1.f + 0.5f * x[i];
  }
  tiletune::testing::DeviceBuffer<float> dx(x), dy(y);
  cxx11_scale_add(n, 0.5f, dx.get(), dy.get());
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), want, 1e-6f), 0);
  cxx11_fill(n, 3.f, dy.get());
  EXPECT_EQ(tiletune::corpus::count_mismatches(dy.read(), std::vector<float>(n, 3.f), 0.f), 0);
}

}  // namespace
