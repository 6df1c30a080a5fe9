// Tables and counters of internal linkage shared with host code through the runtime API, the way
// a file keeps its own: a `static __constant__` lookup table and a `static __constant__` in a
// namespace written with cudaMemcpyToSymbol, and a `__device__` counter in an anonymous namespace
// that host code resets and reads with cudaMemcpyToSymbol/cudaMemcpyFromSymbol. The tuned kernel's
// module has its own copies, which the runtime brings up to date before each launch and, for the
// counter, copies back after the winner's; the second launch must see the new table and add to
// the count the first left.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <vector>

static __constant__ float gains[4];
namespace quant {
static __constant__ float levels[8];
}  // namespace quant
namespace {
__device__ unsigned int processed;
}  // namespace

__global__ void quantize(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = quant::levels[static_cast<int>(in[i]) & 7] * gains[i & 3];
  atomicAdd(&processed, 1u);
}

static void run_quantize(const float* in, float* out, int n) {
  TILETUNE(space = (block = (64, 128, 256)), blocks = cld(n, $block), threads = $block,
           quantize(in, out, n));
}

TEST(CorpusStaticSymbols, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("static_symbols.cu", 3);
}

static std::vector<float> quantize_on_cpu(const std::vector<float>& in,
                                          const std::vector<float>& levels,
                                          const std::vector<float>& g) {
  std::vector<float> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i)
    out[i] = levels[static_cast<int>(in[i]) & 7] * g[i & 3];
  return out;
}

static void set_tables(const std::vector<float>& levels, const std::vector<float>& g) {
  ASSERT_EQ(cudaMemcpyToSymbol(quant::levels, levels.data(), 8 * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMemcpyToSymbol(gains, g.data(), 4 * sizeof(float)), cudaSuccess);
}

static unsigned int processed_count() {
  unsigned int count = 0;
  EXPECT_EQ(cudaMemcpyFromSymbol(&count, processed, sizeof(count)), cudaSuccess);
  return count;
}

TEST(CorpusStaticSymbols, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 16;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<float>(i % 11);
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  const unsigned int zero = 0;
  ASSERT_EQ(cudaMemcpyToSymbol(processed, &zero, sizeof(zero)), cudaSuccess);
  const std::vector<float> levels = {0, 1, 2, 3, 4, 5, 6, 7}, gains_first = {1, 2, 3, 4};
  set_tables(levels, gains_first);
  run_quantize(din.get(), dout.get(), n);  // tunes: every trial with the first tables
  EXPECT_EQ(tiletune::corpus::count_mismatches(dout.read(),
                                               quantize_on_cpu(in, levels, gains_first), 0.f),
            0);
  EXPECT_EQ(processed_count(), static_cast<unsigned int>(n));  // the winner's launch, copied back
  const std::vector<float> levels_second = {7, -6, 5, -4, 3, -2, 1, 0},
                           gains_second = {0.5f, -1, 2, 8};
  set_tables(levels_second, gains_second);
  run_quantize(din.get(), dout.get(), n);  // the winner, with the new tables
  EXPECT_EQ(tiletune::corpus::count_mismatches(
                dout.read(), quantize_on_cpu(in, levels_second, gains_second), 0.f),
            0);
  EXPECT_EQ(processed_count(), static_cast<unsigned int>(2 * n));
}
