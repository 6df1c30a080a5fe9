// Shared by the GPU tests: skip cleanly where there is no GPU, device buffers, and the check that
// every annotated site in a test binary compiles (NVRTC and nvJitLink need no GPU).
#pragma once

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tiletune::testing {

// Empty when a CUDA device is usable, else why not.
std::string gpu_unavailable_reason();

// Compiles every configuration of every site in `file` (its name, or its path's last parts) for
// sm_90 with a nominal block of `threads`, and expects `configurations` compiles in all, each
// succeeding (NVRTC's log and the device source on failure), and each module to hold the variables
// the site shares with host code by the names the runtime looks them up with. `key` supplies the
// values of Constant(...) arguments; tiletune::Error when it lacks one.
void expect_every_site_compiles(const std::string& file, int configurations, const Key& key = Key{},
                                unsigned threads = 256);

template <class T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t n) : n_(n) { check(cudaMalloc(&p_, n * sizeof(T))); }
  explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) {
    check(cudaMemcpy(p_, host.data(), n_ * sizeof(T), cudaMemcpyHostToDevice));
  }
  ~DeviceBuffer() { cudaFree(p_); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  // Fills with 0xff bytes (NaN for floats), so unwritten elements show.
  void poison() { check(cudaMemset(p_, 0xff, n_ * sizeof(T))); }
  std::vector<T> read() const {
    check(cudaDeviceSynchronize());
    std::vector<T> host(n_);
    check(cudaMemcpy(host.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }

 private:
  static void check(cudaError_t e) {
    if (e != cudaSuccess) throw tiletune::Error(std::string("CUDA: ") + cudaGetErrorString(e));
  }
  T* p_ = nullptr;
  std::size_t n_;
};

}  // namespace tiletune::testing

#define TILETUNE_REQUIRE_GPU()                                                 \
  do {                                                                         \
    std::string reason_ = ::tiletune::testing::gpu_unavailable_reason();       \
    if (!reason_.empty()) GTEST_SKIP() << "no GPU, test not run: " << reason_; \
  } while (0)
