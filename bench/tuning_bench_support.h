// Shared by the tuning benchmarks: open the GPU or say why the benchmark is skipped, hand-written
// sites (the same SiteInfo the tool emits), and device buffers through the runtime's device.
#pragma once

#include "device/cuda_device.h"
#include "device/device.h"
#include "runtime.h"

#include <tiletune/site.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

namespace tiletune::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The GPU, or null after printing one line saying why the benchmark did not run.
inline std::unique_ptr<detail::Device> open_gpu_or_skip(const char* bench) {
  try {
    std::unique_ptr<detail::Device> device = detail::open_cuda_device();
    device->current_context();
    return device;
  } catch (const std::exception& e) {
    std::printf("%s: skipped, no GPU: %s\n", bench, e.what());
    return nullptr;
  }
}

// A device buffer of `bytes`, filled with a pattern so floating-point kernels see real numbers.
class DeviceMemory {
 public:
  DeviceMemory(detail::Device& device, std::size_t bytes)
      : device_(device),
        context_(device.current_context()),
        pointer_(device.allocate(context_, bytes)) {
    device.fill(pointer_, 0x3c, bytes, nullptr);  // 0x3c3c3c3c is about 0.0115f
  }
  ~DeviceMemory() { device_.release(context_, pointer_); }
  template <class T>
  T* as() const {
    return reinterpret_cast<T*>(pointer_);
  }

 private:
  detail::Device& device_;
  detail::ContextHandle context_;
  detail::DevicePointer pointer_;
};

// Waits for everything queued on the legacy default stream.
inline void synchronize(detail::Device& device, const DeviceMemory& any) {
  unsigned char byte;
  device.read(&byte, reinterpret_cast<detail::DevicePointer>(any.as<void>()), 1, nullptr);
}

// A hand-written site of `file` (the SiteInfo the tool emits).
inline SiteInfo bench_site(const char* file, const char* kernel, const char* source,
                           const char* name_expression, Space space) {
  SiteInfo info;
  info.file = file;
  info.line = 1;
  info.kernel = kernel;
  info.device_source = source;
  info.name_expression = name_expression;
  info.space = std::move(space);
  return info;
}

// A tiled matmul C = A * B (n x n, n a multiple of 64) over 24 configurations: block tile
// BM x BN, K step BK, and occupancy; 16 x 16 threads, each computing (BM/16) x (BN/16) outputs.
// As the tool slices it: the launch-bounds macro on the kernel (rules::kLaunchBoundsMacro).
inline const char* kMatmulSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int BM, int BN, int BK>
__global__ void TILETUNE_LAUNCH_BOUNDS matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  constexpr int TM = BM / 16, TN = BN / 16;
  int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < n; k0 += BK) {
    for (int i = t; i < BM * BK; i += 256) As[i / BK][i % BK] = A[(row0 + i / BK) * n + k0 + i % BK];
    for (int i = t; i < BK * BN; i += 256) Bs[i / BN][i % BN] = B[(k0 + i / BN) * n + col0 + i % BN];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int a = 0; a < TM; ++a)
#pragma unroll
        for (int b = 0; b < TN; ++b) acc[a][b] += As[ty + a * 16][k] * Bs[k][tx + b * 16];
    __syncthreads();
  }
  for (int a = 0; a < TM; ++a)
    for (int b = 0; b < TN; ++b) C[(row0 + ty + a * 16) * n + col0 + tx + b * 16] = acc[a][b];
}
)";

inline SiteInfo matmul_site() {
  return bench_site(
      "bench/matmul.cu", "matmul<$bm, $bn, $bk>", kMatmulSource, "matmul<$bm, $bn, $bk>",
      Space::cartesian(
          {{"bm", {16, 32, 64}}, {"bn", {32, 64}}, {"bk", {8, 16}}, {"occupancy", {1, 2}}}));
}

// The same matmul as the tool slices it where the kernel can take its launch bounds as template
// parameters (rules::kMaxThreadsParameter): every configuration its own instantiation of one
// source, so many share an NVRTC program (issue 32).
inline const char* matmul_source_with_bounds_arguments() {
  static const std::string text = [] {
    std::string out = kMatmulSource;
    auto replace = [&](const std::string& from, const std::string& to) {
      out.replace(out.find(from), from.size(), to);
    };
    replace("#ifndef TILETUNE_LAUNCH_BOUNDS\n#define TILETUNE_LAUNCH_BOUNDS\n#endif\n", "");
    replace("template <int BM,",
            "template <int tiletune_max_threads, int tiletune_min_blocks, int BM,");
    replace("TILETUNE_LAUNCH_BOUNDS matmul",
            "__launch_bounds__(tiletune_max_threads, tiletune_min_blocks) matmul");
    return out;
  }();
  return text.c_str();
}

inline SiteInfo matmul_site_with_bounds_arguments() {
  SiteInfo info = matmul_site();
  info.device_source = matmul_source_with_bounds_arguments();
  info.name_expression = "matmul<$@max_threads, $@min_blocks, $bm, $bn, $bk>";
  return info;
}

inline Geometry matmul_geometry(const Config& c, int n) {
  return Geometry{Dim(n / static_cast<int>(c[1]), n / static_cast<int>(c[0])), Dim(16, 16), 0,
                  nullptr};
}

// The n x n matmul site's buffers and arguments, and its first launch timed to the kernel's end
// (on a new site, that launch is the whole tuning).
class MatmulLaunch {
 public:
  MatmulLaunch(detail::Device& device, int n)
      : device_(device), n_(n), a_(device, bytes(n)), b_(device, bytes(n)), c_(device, bytes(n)) {
    synchronize(device_, c_);
  }

  // One launch, not waited for: the warm path's cost on the host.
  void enqueue(Site& site) {
    const float* pa = a_.as<float>();
    const float* pb = b_.as<float>();
    float* pc = c_.as<float>();
    int n = n_;
    void* args[4] = {&pa, &pb, &pc, &n};
    site.launch(
        key(n_), [&](const Config& cfg) { return matmul_geometry(cfg, n_); }, args);
  }
  void wait() { synchronize(device_, c_); }

  double first_launch_seconds(Site& site) {
    const float* pa = a_.as<float>();
    const float* pb = b_.as<float>();
    float* pc = c_.as<float>();
    int n = n_;
    void* args[4] = {&pa, &pb, &pc, &n};
    Clock::time_point start = Clock::now();
    site.launch(
        key(n_), [&](const Config& cfg) { return matmul_geometry(cfg, n_); }, args);
    synchronize(device_, c_);
    return seconds_since(start);
  }

 private:
  static std::size_t bytes(int n) { return static_cast<std::size_t>(n) * n * sizeof(float); }

  detail::Device& device_;
  int n_;
  DeviceMemory a_, b_, c_;
};

}  // namespace tiletune::bench
