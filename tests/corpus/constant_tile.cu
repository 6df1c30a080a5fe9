// The mission's form on a non-template kernel: vadd(..., Constant($tile)). Each configuration
// bakes its own tile into its variant, where it is the block's stride and the bound of a loop
// that unrolls; configurations with the same tile share one front end, and the tile is not part
// of the key (one tuning for all of them).
#include <tiletune/tiletune.h>

#include "corpus_support.h"

#include <cuda_runtime.h>

#include <string>
#include <vector>

// Each block adds `tile` consecutive elements (blockDim.x threads striding over them), and the
// blocks stride over the arrays by gridDim.x tiles.
__global__ void vadd(const float* a, const float* b, float* c, int n, int tile) {
  for (int base = blockIdx.x * tile; base < n; base += gridDim.x * tile) {
#pragma unroll 4
    for (int k = threadIdx.x; k < tile; k += blockDim.x) {
      int i = base + k;
      if (i < n) c[i] = a[i] + b[i];
    }
  }
}

static void vadd(const float* a, const float* b, float* c, int n) {
  TILETUNE(space = (tile = (256, 512, 1024), block = (128, 256)), where = $tile >= $block,
           blocks = cld(n, $tile), threads = $block, vadd(a, b, c, n, Constant($tile)));
}

TEST(CorpusConstantTile, SlicesCompile) {
  // Six configurations, three tiles; no key value is needed for the constant.
  tiletune::corpus::expect_slices_compile("constant_tile.cu", 6);
}

TEST(CorpusConstantTile, MatchesCpu) {
  TILETUNE_REQUIRE_GPU();
  for (int n : {1000, 1 << 20}) {
    std::vector<float> a(n), b(n), want(n);
    for (int i = 0; i < n; ++i) {
      a[i] = static_cast<float>(i % 11) * 0.25f;
      b[i] = static_cast<float>(i % 3) - 1.f;
      want[i] = a[i] + b[i];
    }
    tiletune::testing::DeviceBuffer<float> da(a), db(b), dc(n);
    vadd(da.get(), db.get(), dc.get(), n);  // tunes
    EXPECT_EQ(tiletune::corpus::count_mismatches(dc.read(), want, 0.f), 0) << "n " << n;
    vadd(da.get(), db.get(), dc.get(), n);  // the winner
    EXPECT_EQ(tiletune::corpus::count_mismatches(dc.read(), want, 0.f), 0) << "n " << n;
  }
  // One tuning per bucket of n: the per-configuration constant is not part of the key.
  int tunings = 0;
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (r.site.find("constant_tile.cu") != std::string::npos) ++tunings;
  EXPECT_EQ(tunings, 2);
}
