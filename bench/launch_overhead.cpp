// Host time per launch of a trivial kernel after tuning: a TILETUNE site (the call the tool
// emits: arguments converted, key built, lock-free lookup, cuLaunchKernelEx) against a raw
// cuLaunchKernelEx of the same machine code. 100k launches each, back to back and in bursts that
// never fill the launch queue, three alternating rounds, the best round of each. Goal: site / raw
// <= 1.06. Skips without a GPU.
#include "tuning_bench_support.h"

#include "compile/nvrtc_compiler.h"
#include "tune/site_variant.h"

#include <cuda.h>
#include <cudaTypedefs.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

constexpr int kLaunches = 100000;
constexpr int kBurst = 200;  // well under the launch queue's depth

struct RawDriver {
  PFN_cuModuleLoadData_v2000 module_load_data = nullptr;
  PFN_cuModuleGetFunction_v2000 module_get_function = nullptr;
  PFN_cuLaunchKernelEx_v11060 launch_kernel_ex = nullptr;
  PFN_cuCtxSynchronize_v2000 ctx_synchronize = nullptr;

  RawDriver() {
    void* library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    using GetProcAddress =
        CUresult (*)(const char*, void**, int, cuuint64_t, CUdriverProcAddressQueryResult*);
    auto get = reinterpret_cast<GetProcAddress>(dlsym(library, "cuGetProcAddress_v2"));
    auto resolve = [&](const char* name, int version, auto& slot) {
      void* p = nullptr;
      CUdriverProcAddressQueryResult status{};
      get(name, &p, version, CU_GET_PROC_ADDRESS_DEFAULT, &status);
      slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(p);
    };
    resolve("cuModuleLoadData", 2000, module_load_data);
    resolve("cuModuleGetFunction", 2000, module_get_function);
    resolve("cuLaunchKernelEx", 11060, launch_kernel_ex);
    resolve("cuCtxSynchronize", 2000, ctx_synchronize);
  }
};

// The kernel's type as the tool names it for tiletune::launch.
void nothing(int* p, int n);

}  // namespace

int main() {
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("launch_overhead");
  if (!device) return 0;
  detail::Device& d = *device;
  int arch = d.info(d.current_context()).arch;
  RuntimeOptions options;
  options.results_file = "";
  Runtime runtime(std::move(device), std::make_shared<detail::NvrtcCompiler>(), options);

  SiteInfo info;
  info.file = "bench/launch_overhead.cpp";
  info.line = 1;
  info.kernel = "nothing<$tile>";
  info.device_source =
      "template <int T> __global__ void nothing(int* p, int n) { if (n < 0) p[threadIdx.x] = T; }";
  info.name_expression = "nothing<$tile>";
  info.space = Space::cartesian({{"tile", {32, 64, 128}}});
  Site site(info, &runtime);

  int* p = nullptr;
  int n = 4096;
  auto geometry = [&](const Config& c) {
    return Geometry{Dim(cld(n, static_cast<int>(c[0]))), Dim(c[0]), 0, nullptr};
  };
  launch<decltype(&nothing)>(site, key(bucket(n)), geometry, p, n);  // tunes
  Config best = site.result(key(bucket(n)))->best_config();

  // The same machine code, loaded and launched directly.
  RawDriver raw;
  Geometry g = geometry(best);
  auto kernel = runtime.compiler().compile(detail::compile_request(info, best, g, arch));
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  raw.module_load_data(&module, kernel->cubin.data());
  raw.module_get_function(&function, module, kernel->entry.c_str());
  CUlaunchConfig config{};
  config.gridDimX = g.blocks.x;
  config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = g.threads.x;
  config.blockDimY = config.blockDimZ = 1;
  void* args[2] = {&p, &n};

  auto time_per_launch_us = [&](auto&& one_launch) {
    raw.ctx_synchronize();
    Clock::time_point start = Clock::now();
    for (int i = 0; i < kLaunches; ++i) one_launch();
    double s = seconds_since(start);
    raw.ctx_synchronize();
    return s / kLaunches * 1e6;
  };
  // Enqueue time only: bursts short enough that the launch queue never fills, each timed without
  // the synchronize that follows it. In the stream of launches above, a full queue makes the host
  // wait for the GPU, so that figure is mostly the GPU's launch rate; this one is the host's work.
  auto enqueue_us = [&](auto&& one_launch) {
    double total = 0;
    for (int burst = 0; burst < kLaunches / kBurst; ++burst) {
      raw.ctx_synchronize();
      Clock::time_point start = Clock::now();
      for (int i = 0; i < kBurst; ++i) one_launch();
      total += seconds_since(start);
    }
    raw.ctx_synchronize();
    return total / kLaunches * 1e6;
  };
  auto raw_launch = [&] { raw.launch_kernel_ex(&config, function, args, nullptr); };
  auto site_launch = [&] { launch<decltype(&nothing)>(site, key(bucket(n)), geometry, p, n); };
  double best_raw = 1e30, best_site = 1e30, best_raw_enqueue = 1e30, best_site_enqueue = 1e30;
  for (int round = 0; round < 3; ++round) {
    best_raw = std::min(best_raw, time_per_launch_us(raw_launch));
    best_site = std::min(best_site, time_per_launch_us(site_launch));
    best_raw_enqueue = std::min(best_raw_enqueue, enqueue_us(raw_launch));
    best_site_enqueue = std::min(best_site_enqueue, enqueue_us(site_launch));
  }
  std::printf("launch_overhead: %d launches of a trivial kernel (%s), best of 3 rounds\n",
              kLaunches, info.space.describe(best).c_str());
  std::printf("  back to back:  raw cuLaunchKernelEx %.3f us, TILETUNE site %.3f us per launch\n",
              best_raw, best_site);
  std::printf("  enqueue only (bursts of %d): raw %.3f us, site %.3f us per launch\n", kBurst,
              best_raw_enqueue, best_site_enqueue);
  std::printf("  ratio site/raw: back to back %.3f, enqueue only %.3f (goal <= 1.06)\n",
              best_site / best_raw, best_site_enqueue / best_raw_enqueue);
  return 0;
}
