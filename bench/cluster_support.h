// Shared by the cluster benchmarks (issue 34): the 16 matmul sizes, a launch of the matmul site at
// one of them on the calling thread's GPU, and the winner of a result in words.
#pragma once

#include "tuning_bench_support.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tiletune::bench {

// n = 256, 384, ..., 2176: sixteen keys of the 24-configuration matmul site.
inline std::vector<int> cluster_sizes() {
  std::vector<int> sizes;
  for (int i = 0; i < 16; ++i) sizes.push_back(256 + 128 * i);
  return sizes;
}

// Makes GPU `index`'s primary context the calling thread's (the CUDA runtime's way); false, said,
// when there is no such GPU.
inline bool use_gpu(int index) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || index >= count) {
    std::printf("no GPU %d (%d found)\n", index, count);
    return false;
  }
  return cudaSetDevice(index) == cudaSuccess && cudaFree(nullptr) == cudaSuccess;
}

// The matmul site's launches at every size of cluster_sizes() on the calling thread's GPU, each
// with its own buffers.
class MatmulSizes {
 public:
  explicit MatmulSizes(detail::Device& device) : device_(device) {
    for (int n : cluster_sizes()) launches_.push_back(std::make_unique<MatmulLaunch>(device, n));
  }
  // The launch at size index `i` (its first tunes or adopts), waited for.
  void launch(Site& site, int i) {
    launches_[static_cast<std::size_t>(i)]->first_launch_seconds(site);
  }
  std::size_t size() const { return launches_.size(); }

 private:
  detail::Device& device_;
  std::vector<std::unique_ptr<MatmulLaunch>> launches_;
};

// "bm=64 bn=64 bk=16 occupancy=2" for the site's winner at size index `i`.
inline std::string winner_at(const Site& site, int i) {
  const std::optional<TuningResult> r =
      site.result(key(cluster_sizes()[static_cast<std::size_t>(i)]));
  return r ? site.info().space.describe(r->best_config()) : "none";
}

}  // namespace tiletune::bench
