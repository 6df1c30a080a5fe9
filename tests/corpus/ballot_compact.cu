// Stream compaction of the positive values with warp votes: each warp ballots its predicate, lane 0
// reserves the warp's slots with one atomicAdd on a global counter, and every kept lane writes at
// its rank among the warp's kept lanes (__popc of the lower lanes' bits). The output order depends
// on the warps' timing, so the check compares sorted values; the counter is restored per trial.
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

__global__ void keep_positive(const float* in, float* out, int* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  bool keep = i < n && in[i] > 0.f;
  unsigned kept = __ballot_sync(0xffffffffu, keep);
  int base = 0;
  if (lane == 0 && kept) base = atomicAdd(count, __popc(kept));
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep) out[base + __popc(kept & ((1u << lane) - 1u))] = in[i];
}

static int compact_positive(const float* in, float* out, int* count, int n) {
  TILETUNE(space = (block = (64, 128, 256, 512)), key = (n), blocks = cld(n, $block),
           threads = $block, restore = (count, sizeof(int)), keep_positive(in, out, count, n));
  int kept = 0;
  cudaMemcpy(&kept, count, sizeof(int), cudaMemcpyDeviceToHost);
  return kept;
}

TEST(CorpusBallotCompact, SlicesCompile) {
  tiletune::corpus::expect_slices_compile("ballot_compact.cu", 4);
}

TEST(CorpusBallotCompact, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  const int n = 200003;
  std::vector<float> in(n), want;
  for (int i = 0; i < n; ++i) {
    in[i] = static_cast<float>((i * 37) % 101) - 60.f;
    if (in[i] > 0.f) want.push_back(in[i]);
  }
  tiletune::testing::DeviceBuffer<float> din(in), dout(n);
  tiletune::testing::DeviceBuffer<int> count(std::vector<int>{0});
  int kept = compact_positive(din.get(), dout.get(), count.get(), n);  // tunes
  ASSERT_EQ(kept, static_cast<int>(want.size()));
  std::vector<float> got = dout.read();
  got.resize(kept);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(tiletune::corpus::count_mismatches(got, want, 0.f), 0);
}
