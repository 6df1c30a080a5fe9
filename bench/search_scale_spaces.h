// The spaces of bench/search_scale's three kernels, shared with bench/search_replay (which replays
// the sample strategy on their measured landscapes): a configuration's index is the same in both.
#pragma once

#include <tiletune/space.h>

#include <string>

namespace tiletune::bench {

constexpr int kConvImage = 4096, kConvFilter = 17;

// 4 x 4 x 4 x 4 x 4 = 1,024 configurations.
inline Space matmul_space() {
  return Space::cartesian({{"bm", {16, 32, 64, 128}},
                           {"bn", {16, 32, 64, 128}},
                           {"bk", {4, 8, 16, 32}},
                           {"pad", {0, 1, 2, 4}},
                           {"occupancy", {1, 2, 3, 4}}});
}

// 6 x 6 x 4 x 8 = 1,152 configurations.
inline Space reduction_space() {
  return Space::cartesian({{"block", {32, 64, 128, 256, 512, 1024}},
                           {"items", {1, 2, 4, 8, 16, 32}},
                           {"unroll", {1, 2, 4, 8}},
                           {"occupancy", {1, 2, 3, 4, 5, 6, 7, 8}}});
}

// Blocks of 64 to 1,024 threads, at most 16 outputs per thread, the tile within the 48 KB of
// static shared memory a block may have: 724 of the 2,560 combinations.
inline Space conv_space() {
  return Space::cartesian(
      {{"bx", {16, 32, 64, 128}},
       {"by", {1, 2, 4, 8, 16}},
       {"tx", {1, 2, 4, 8}},
       {"ty", {1, 2, 4, 8}},
       {"unroll", {1, kConvFilter}},
       {"pad", {0, 1}}},
      [](const Config& cfg) {
        const long long threads = cfg[0] * cfg[1];
        const long long shared =
            (cfg[1] * cfg[3] + kConvFilter - 1) * (cfg[0] * cfg[2] + kConvFilter - 1 + cfg[5]) * 4;
        return threads >= 64 && threads <= 1024 && cfg[2] * cfg[3] <= 16 && shared <= 48 * 1024;
      });
}

// The space of search_scale's kernel `name` ("matmul", "reduction" or "conv").
inline Space search_scale_space(const std::string& name) {
  if (name == "matmul") return matmul_space();
  if (name == "reduction") return reduction_space();
  return conv_space();
}

}  // namespace tiletune::bench
