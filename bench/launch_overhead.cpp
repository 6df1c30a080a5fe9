// Host time per launch of a trivial kernel after tuning: a TILETUNE site (the call the tool
// emits: arguments converted, key built, lock-free lookup, cuLaunchKernelEx) against a raw
// cuLaunchKernelEx of the same machine code. 100k launches each, back to back and in bursts that
// never fill the launch queue, three alternating rounds, the best round of each. Goal: site / raw
// <= 1.06. Then a site whose kernel reads a __constant__ table that host code writes
// (SiteInfo::symbols: one device-to-device copy before each launch) against the same raw launch
// with and without that copy. Skips without a GPU.
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
  PFN_cuModuleGetGlobal_v3020 module_get_global = nullptr;
  PFN_cuMemcpyDtoDAsync_v3020 memcpy_dtod_async = nullptr;

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
    best_symbol_raw = std::min(best_symbol_raw, enqueue_us(raw_symbol_launch));
    best_symbol_copy = std::min(best_symbol_copy, enqueue_us(raw_copy_and_launch));
    best_symbol_site = std::min(best_symbol_site, enqueue_us(symbol_site_launch));
  }
  runtime.device().release(context, application);

  std::printf("launch_overhead: %d launches of a trivial kernel (%s), best of 3 rounds\n",
              kLaunches, info.space.describe(best).c_str());
  std::printf("  back to back:  raw cuLaunchKernelEx %.3f us, TILETUNE site %.3f us per launch\n",
              best_raw, best_site);
  std::printf("  enqueue only (bursts of %d): raw %.3f us, site %.3f us per launch\n", kBurst,
              best_raw_enqueue, best_site_enqueue);
  std::printf("  ratio site/raw: back to back %.3f, enqueue only %.3f (goal <= 1.06)\n",
              best_site / best_raw, best_site_enqueue / best_raw_enqueue);
  std::printf(
      "  __constant__ table from the host (enqueue only): raw launch %.3f us, raw copy + "
      "launch %.3f us, site %.3f us per launch\n",
      best_symbol_raw, best_symbol_copy, best_symbol_site);
  std::printf("  ratio symbol site/raw launch %.3f, symbol site/raw copy + launch %.3f\n",
              best_symbol_site / best_symbol_raw, best_symbol_site / best_symbol_copy);
  return 0;
}
