// Host time per launch of a trivial kernel after tuning: a TILETUNE site (the call the tool
// emits: arguments converted, key built, lock-free lookup, cuLaunchKernelEx) against a raw
// cuLaunchKernelEx of the same machine code, and against the raw launch after a cuCtxGetCurrent
// (the one driver call the site makes besides the launch, to find the context's winner). Back to
// back, and in bursts that never fill the launch queue (enqueue only). The modes alternate in
// blocks of 5,000 launches over 201 rounds, each round in the other order than the last, so that
// a drift of the host (clocks, other work) falls on all of them alike; a block's figure is the
// median of its stretches of 500 (bursts of 200), each figure the median of its blocks, each
// ratio the median of the rounds' ratios, printed with its 95% interval. Goal: site / raw <= 1.03
// both ways.
// Then a site whose kernel reads a __constant__ table that host code writes (SiteInfo::symbols:
// one device-to-device copy before each launch) against the same raw launch with and without that
// copy. Skips without a GPU.
#include "tuning_bench_support.h"

#include "compile/nvrtc_compiler.h"
#include "tune/site_variant.h"

#include <cuda.h>
#include <cudaTypedefs.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

constexpr int kLaunches = 100000;  // the symbol site's figures: best of 3 rounds of these
constexpr int kBurst = 200;        // well under the launch queue's depth
// One round's ratio varies by +-15% on an H200 (0.83 to 1.16 in 31 rounds): with 31 the median
// moved by 2-3% between runs (1.013 to 1.039), more than the overhead it measures. 201 rounds
// (about 20 s) narrow its interval to about +-1%, printed so that a reader sees what a figure
// can tell apart.
constexpr int kRounds = 201;
constexpr int kBlock = 5000;   // launches per mode and round, a multiple of kBurst and kStretch
constexpr int kStretch = 500;  // back to back, timed apart

double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// The 95% interval of the median of `values`, free of any assumption on their distribution: the
// order statistics n/2 -+ 0.98 sqrt(n) (the binomial's normal approximation), "[lo, hi]".
std::string median_interval(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const double n = static_cast<double>(values.size());
  const double half_width = 0.98 * std::sqrt(n);
  const auto at = [&](double rank) {
    return values[static_cast<std::size_t>(std::clamp(rank, 0.0, n - 1))];
  };
  char text[64];
  std::snprintf(text, sizeof text, "[%.3f, %.3f]", at(std::floor(n / 2 - half_width)),
                at(std::ceil(n / 2 + half_width)));
  return text;
}

struct RawDriver {
  PFN_cuModuleLoadData_v2000 module_load_data = nullptr;
  PFN_cuModuleGetFunction_v2000 module_get_function = nullptr;
  PFN_cuLaunchKernelEx_v11060 launch_kernel_ex = nullptr;
  PFN_cuCtxSynchronize_v2000 ctx_synchronize = nullptr;
  PFN_cuModuleGetGlobal_v3020 module_get_global = nullptr;
  PFN_cuMemcpyDtoDAsync_v3020 memcpy_dtod_async = nullptr;
  PFN_cuCtxGetCurrent_v4000 ctx_get_current = nullptr;

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
    resolve("cuModuleGetGlobal", 3020, module_get_global);
    resolve("cuMemcpyDtoDAsync", 3020, memcpy_dtod_async);
    resolve("cuCtxGetCurrent", 4000, ctx_get_current);
  }
};

// The kernel's type as the tool names it for tiletune::launch.
void nothing(int* p, int n);

// The application's copy of the symbol site's table (cudaGetSymbolAddress would give it).
SymbolMemory table_memory;
SymbolMemory application_table() { return table_memory; }

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

  // `launches` back to back, then waited for: the median per launch of its stretches of kStretch
  // (a stretch the host spent elsewhere, an interrupt, moves the median of a block little).
  auto time_per_launch_us = [&](auto&& one_launch, int launches) {
    std::vector<double> stretches;
    raw.ctx_synchronize();
    for (int stretch = 0; stretch < launches / kStretch; ++stretch) {
      Clock::time_point start = Clock::now();
      for (int i = 0; i < kStretch; ++i) one_launch();
      stretches.push_back(seconds_since(start) / kStretch * 1e6);
    }
    raw.ctx_synchronize();
    return median(stretches);
  };
  // Enqueue time only: bursts short enough that the launch queue never fills, each timed without
  // the synchronize that follows it, the median per launch of the bursts. In the stream of
  // launches above, a full queue makes the host wait for the GPU, so that figure is partly the
  // GPU's launch rate; this one is the host's work.
  auto enqueue_us = [&](auto&& one_launch, int launches) {
    std::vector<double> bursts;
    for (int burst = 0; burst < launches / kBurst; ++burst) {
      raw.ctx_synchronize();
      Clock::time_point start = Clock::now();
      for (int i = 0; i < kBurst; ++i) one_launch();
      bursts.push_back(seconds_since(start) / kBurst * 1e6);
    }
    raw.ctx_synchronize();
    return median(bursts);
  };
  auto raw_launch = [&] { raw.launch_kernel_ex(&config, function, args, nullptr); };
  auto raw_context_launch = [&] {
    CUcontext current = nullptr;
    raw.ctx_get_current(&current);
    if (current) raw.launch_kernel_ex(&config, function, args, nullptr);
  };
  auto site_launch = [&] { launch<decltype(&nothing)>(site, key(bucket(n)), geometry, p, n); };
  // Per mode: [0] back to back, [1] enqueue only; one entry per round.
  std::vector<double> raw_us[2], context_us[2], site_us[2], site_ratio[2], context_ratio[2];
  auto round_of = [&](int way, auto&& timing) {
    time_per_launch_us(raw_launch, kBlock / 5);  // warm: each round starts from the same state
    double r = 0, c = 0, t = 0;
    if (way % 2 == 0) {
      r = timing(raw_launch, kBlock);
      c = timing(raw_context_launch, kBlock);
      t = timing(site_launch, kBlock);
    } else {
      t = timing(site_launch, kBlock);
      c = timing(raw_context_launch, kBlock);
      r = timing(raw_launch, kBlock);
    }
    const int mode = way / 2;
    raw_us[mode].push_back(r);
    context_us[mode].push_back(c);
    site_us[mode].push_back(t);
    site_ratio[mode].push_back(t / r);
    context_ratio[mode].push_back(c / r);
  };
  for (int round = 0; round < kRounds; ++round) {
    round_of(round % 2, time_per_launch_us);
    round_of(2 + round % 2, enqueue_us);
  }
  // The same kernel reading a 256-byte __constant__ table that the application owns.
  SiteInfo symbol_info = info;
  symbol_info.line = 2;
  symbol_info.device_source =
      "__constant__ int table[64];\n"
      "template <int T> __global__ void nothing(int* p, int n) {\n"
      "  if (n < 0) p[threadIdx.x] = T + table[threadIdx.x % 64];\n"
      "}";
  table_memory.bytes = 64 * sizeof(int);
  const detail::ContextHandle context = runtime.device().current_context();
  const detail::DevicePointer application = runtime.device().allocate(context, table_memory.bytes);
  table_memory.address = reinterpret_cast<void*>(application);
  symbol_info.symbols = {{"table", application_table, false}};
  Site symbol_site(symbol_info, &runtime);
  launch<decltype(&nothing)>(symbol_site, key(bucket(n)), geometry, p, n);  // tunes
  Config symbol_best = symbol_site.result(key(bucket(n)))->best_config();
  Geometry sg = geometry(symbol_best);
  auto symbol_kernel =
      runtime.compiler().compile(detail::compile_request(symbol_info, symbol_best, sg, arch));
  CUmodule symbol_module = nullptr;
  CUfunction symbol_function = nullptr;
  raw.module_load_data(&symbol_module, symbol_kernel->cubin.data());
  raw.module_get_function(&symbol_function, symbol_module, symbol_kernel->entry.c_str());
  CUdeviceptr module_table = 0;
  std::size_t module_bytes = 0;
  raw.module_get_global(&module_table, &module_bytes, symbol_module, "table");
  CUlaunchConfig symbol_config = config;
  symbol_config.gridDimX = sg.blocks.x;
  symbol_config.blockDimX = sg.threads.x;
  auto raw_symbol_launch = [&] {
    raw.launch_kernel_ex(&symbol_config, symbol_function, args, nullptr);
  };
  auto raw_copy_and_launch = [&] {
    raw.memcpy_dtod_async(module_table, application, module_bytes, nullptr);
    raw.launch_kernel_ex(&symbol_config, symbol_function, args, nullptr);
  };
  auto symbol_site_launch = [&] {
    launch<decltype(&nothing)>(symbol_site, key(bucket(n)), geometry, p, n);
  };
  double best_symbol_raw = 1e30, best_symbol_copy = 1e30, best_symbol_site = 1e30;
  for (int round = 0; round < 3; ++round) {
    best_symbol_raw = std::min(best_symbol_raw, enqueue_us(raw_symbol_launch, kLaunches));
    best_symbol_copy = std::min(best_symbol_copy, enqueue_us(raw_copy_and_launch, kLaunches));
    best_symbol_site = std::min(best_symbol_site, enqueue_us(symbol_site_launch, kLaunches));
  }
  runtime.device().release(context, application);

  std::printf(
      "launch_overhead: a trivial kernel (%s), %d rounds of %d launches per mode, medians\n",
      info.space.describe(best).c_str(), kRounds, kBlock);
  const char* const ways[2] = {"back to back", "enqueue only (bursts of 200)"};
  for (int mode = 0; mode < 2; ++mode)
    std::printf(
        "  %-29s raw cuLaunchKernelEx %.3f us, raw after cuCtxGetCurrent %.3f us (%.3fx), "
        "TILETUNE site %.3f us per launch\n",
        ways[mode], median(raw_us[mode]), median(context_us[mode]), median(context_ratio[mode]),
        median(site_us[mode]));
  std::printf(
      "  ratio site/raw: back to back %.3f %s, enqueue only %.3f %s (medians, 95%% intervals; "
      "goal <= 1.03; rounds' ratios from %.3f to %.3f and %.3f to %.3f)\n",
      median(site_ratio[0]), median_interval(site_ratio[0]).c_str(), median(site_ratio[1]),
      median_interval(site_ratio[1]).c_str(),
      *std::min_element(site_ratio[0].begin(), site_ratio[0].end()),
      *std::max_element(site_ratio[0].begin(), site_ratio[0].end()),
      *std::min_element(site_ratio[1].begin(), site_ratio[1].end()),
      *std::max_element(site_ratio[1].begin(), site_ratio[1].end()));
  std::printf(
      "  __constant__ table from the host (enqueue only): raw launch %.3f us, raw copy + "
      "launch %.3f us, site %.3f us per launch\n",
      best_symbol_raw, best_symbol_copy, best_symbol_site);
  std::printf("  ratio symbol site/raw launch %.3f, symbol site/raw copy + launch %.3f\n",
              best_symbol_site / best_symbol_raw, best_symbol_site / best_symbol_copy);
  std::printf(
      "launch_overhead: site/raw back to back %.3f %s, enqueue only %.3f %s (goal <= 1.03)\n",
      median(site_ratio[0]), median_interval(site_ratio[0]).c_str(), median(site_ratio[1]),
      median_interval(site_ratio[1]).c_str());
  return 0;
}
