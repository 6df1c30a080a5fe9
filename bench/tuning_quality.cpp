// How often tuning finds the true best. For 4 kernels (elementwise, reduction, matmul, transpose)
// an independent long benchmark of every configuration (3 interleaved passes of 100 samples after
// warm-up; each configuration's time is its best pass median) gives the oracle best; then each
// kernel is tuned 10 times from scratch (fresh runtime, cold compiles, no results file). Reports
// how many winners are within 2% of the oracle best (goal >= 9/10 per kernel) and the average
// tuning time. Skips without a GPU.
#include "retime.h"

#include "compile/nvrtc_compiler.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

constexpr int kTunings = 10;
constexpr double kWithin = 1.02;

SiteInfo site(const char* kernel, const char* source, const char* name_expression, Space space) {
  return bench_site("bench/tuning_quality.cpp", kernel, source, name_expression, std::move(space));
}

const char* kElementwise = R"(
template <int TILE, int ITEMS>
__global__ void saxpy(const float* x, float* y, float a, int n) {
  int base = blockIdx.x * TILE * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = base + k * TILE;
    if (i < n) y[i] = a * x[i] + y[i];
  }
}
)";

const char* kReduction = R"(
template <int BLOCK, int ITEMS>
__global__ void block_sum(const float* x, float* partial, int n) {
  __shared__ float s[BLOCK];
  float v = 0;
  int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = base + k * BLOCK;
    if (i < n) v += x[i];
  }
  s[threadIdx.x] = v;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}
)";

const char* kTranspose = R"(
template <int TILE, int ROWS>
__global__ void transpose(const float* in, float* out, int n) {
  __shared__ float t[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) t[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * n + x] = t[threadIdx.x][threadIdx.y + j];
}
)";

std::vector<std::unique_ptr<BenchCase>> cases(const DeviceMemory& in, const DeviceMemory& out) {
  std::vector<std::unique_ptr<BenchCase>> all;
  // The kernels' parameters: (x, y[, a], n), or for matmul (A, B, C, n) with A and B both `in`.
  enum class Params { InOutN, InOutScalarN, InInOutN };
  auto add = [&](std::string name, SiteInfo info, int n,
                 std::function<Geometry(const Config&, int)> g, Params params) {
    auto c = std::make_unique<BenchCase>();
    c->name = std::move(name);
    c->info = std::move(info);
    c->n = n;
    c->in = in.as<float>();
    c->out = out.as<float>();
    c->geometry = [g, n](const Config& cfg) { return g(cfg, n); };
    c->key = key(n);
    c->args = {&c->in};
    if (params == Params::InInOutN) c->args.push_back(&c->in);
    c->args.push_back(&c->out);
    if (params == Params::InOutScalarN) c->args.push_back(&c->scalar);
    c->args.push_back(&c->n);
    all.push_back(std::move(c));
  };
  auto linear = [](const Config& c, int n) {
    return Geometry{Dim(cld(n, static_cast<int>(c[0] * c[1]))), Dim(c[0]), 0, nullptr};
  };
  add("elementwise",
      site("saxpy", kElementwise, "saxpy<$tile, $items>",
           Space::cartesian({{"tile", {64, 128, 256, 512}}, {"items", {1, 2, 4}}})),
      1 << 24, linear, Params::InOutScalarN);
  add("reduction",
      site("block_sum", kReduction, "block_sum<$block, $items>",
           Space::cartesian({{"block", {128, 256, 512, 1024}}, {"items", {1, 4, 16}}})),
      1 << 24, linear, Params::InOutN);
  add("matmul", matmul_site(), 1024, matmul_geometry, Params::InInOutN);
  add(
      "transpose",
      site("transpose", kTranspose, "transpose<$tile, $rows>",
           Space::cartesian({{"tile", {16, 32, 64}}, {"rows", {2, 4, 8, 16}}})),
      4096,
      [](const Config& c, int n) {
        return Geometry{Dim(n / static_cast<int>(c[0]), n / static_cast<int>(c[0])),
                        Dim(c[0], c[1]), 0, nullptr};
      },
      Params::InOutN);
  return all;
}

}  // namespace

int main() {
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("tuning_quality");
  if (!device) return 0;
  detail::Device& d = *device;
  DeviceMemory in(d, 64 << 20), out(d, 64 << 20);
  synchronize(d, out);
  detail::NvrtcCompiler oracle_compiler(nullptr);
  std::printf(
      "tuning_quality: %d tunings per kernel, a winner counts when its oracle time is "
      "within %.0f%% of the oracle best\n",
      kTunings, (kWithin - 1) * 100);
  for (std::unique_ptr<BenchCase>& c : cases(in, out)) {
    std::vector<double> times = retime(d, oracle_compiler, *c, c->info.space.configurations());
    std::size_t best = std::min_element(times.begin(), times.end()) - times.begin();
    int good = 0;
    double tuning_seconds = 0;
    std::map<std::string, int> winners;
    std::string misses;
    for (int t = 0; t < kTunings; ++t) {
      RuntimeOptions options;
      options.results_file = "";
      Runtime runtime(detail::open_cuda_device(), std::make_shared<detail::NvrtcCompiler>(nullptr),
                      options);
      Site site(c->info, &runtime);
      site.launch(c->key, c->geometry, c->args.data());
      TuningResult r = *site.result(c->key);
      tuning_seconds += r.seconds;
      const std::vector<Config>& configs = c->info.space.configurations();
      std::size_t won =
          std::find(configs.begin(), configs.end(), r.best_config()) - configs.begin();
      if (times[won] <= times[best] * kWithin) {
        ++good;
      } else {
        // What the tuning saw of the two: why it picked the one the oracle finds slower.
        char line[256];
        std::snprintf(line, sizeof line,
                      "    miss: tuned %s %.4f ms (%d samples) vs %s %.4f ms (%d samples); "
                      "oracle %+.1f%%\n",
                      c->info.space.describe(configs[won]).c_str(), r.measurements[won].median_ms,
                      r.measurements[won].samples, c->info.space.describe(configs[best]).c_str(),
                      r.measurements[best].median_ms, r.measurements[best].samples,
                      (times[won] / times[best] - 1) * 100);
        misses += line;
      }
      ++winners[c->info.space.describe(r.best_config())];
    }
    std::printf(
        "  %-11s %2zu configurations, oracle best %s %.4f ms: %d/%d within 2%% (goal >= 9/10), "
        "average tuning %.3f s; winners:",
        c->name.c_str(), times.size(),
        c->info.space.describe(c->info.space.configurations()[best]).c_str(), times[best], good,
        kTunings, tuning_seconds / kTunings);
    for (const auto& [config, count] : winners) std::printf(" [%s] x%d", config.c_str(), count);
    std::printf("\n%s", misses.c_str());
  }
  return 0;
}
