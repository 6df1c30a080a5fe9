// measure = graph against measure = eager on a short kernel (a few microseconds): each tunes the
// same site, then both winners are timed side by side the way the application runs them, as
// replays of a CUDA graph of kGraphLaunches launches. Eager timing includes the launch's own cost,
// which a graph does not pay, so for a short kernel it can pick another winner: the ratio (eager's
// winner / graph's winner, per launch under graph replay) is what measuring in a graph gains.
// Skips without a GPU.
#include "retime.h"

#include "compile/nvrtc_compiler.h"

#include <tiletune/tuning_options.h>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

const char* kSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int TILE, int ITEMS>
__global__ void TILETUNE_LAUNCH_BOUNDS scale(const float* x, float* y, int n) {
  const int base = blockIdx.x * TILE * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int i = base + k * TILE;
    if (i < n) y[i] = 2.0f * x[i] + 1.0f;
  }
}
)";

SiteInfo scale_site() {
  return bench_site(
      "bench/graph_measure.cu", "scale<$tile, $items>", kSource, "scale<$tile, $items>",
      Space::cartesian({{"tile", {32, 64, 128, 256, 512, 1024}}, {"items", {1, 2, 4, 8}}}));
}

Geometry scale_geometry(const Config& c, int n) {
  const long long per_block = c[0] * c[1];
  return Geometry{Dim(static_cast<unsigned>((n + per_block - 1) / per_block)),
                  Dim(static_cast<unsigned>(c[0])), 0, nullptr};
}

// Per launch, in milliseconds, of each function under graph replay: 5 interleaved rounds of 50
// replays (after 10), the median round of each.
std::vector<double> replay_times(detail::Device& device,
                                 const std::vector<detail::FunctionHandle>& functions,
                                 const std::vector<Geometry>& geometries, void** args) {
  std::vector<detail::GraphExecHandle> graphs;
  for (std::size_t i = 0; i < functions.size(); ++i)
    graphs.push_back(device.launch_graph(functions[i], geometries[i], args, 0, kGraphLaunches));
  std::vector<std::vector<double>> rounds(functions.size());
  for (int round = 0; round < 5; ++round)
    for (std::size_t i = 0; i < graphs.size(); ++i) {
      for (int w = 0; w < 10; ++w) device.time_graph(graphs[i], nullptr);
      std::vector<double> samples;
      for (int s = 0; s < 50; ++s) samples.push_back(device.time_graph(graphs[i], nullptr));
      std::nth_element(samples.begin(), samples.begin() + 25, samples.end());
      rounds[i].push_back(samples[25] / kGraphLaunches);
    }
  std::vector<double> medians;
  for (std::vector<double>& r : rounds) {
    std::nth_element(r.begin(), r.begin() + 2, r.end());
    medians.push_back(r[2]);
  }
  for (detail::GraphExecHandle g : graphs) device.release_graph(g);
  return medians;
}

}  // namespace

int main() {
  std::unique_ptr<detail::Device> probe = open_gpu_or_skip("graph_measure");
  if (!probe) return 0;
  probe.reset();
  RuntimeOptions options;
  options.results_file = "";
  Runtime runtime(detail::open_cuda_device(), std::make_shared<detail::NvrtcCompiler>(nullptr),
                  options);
  detail::Device& device = runtime.device();
  const detail::ContextHandle context = device.current_context();
  const int arch = device.info(context).arch;
  DeviceMemory x(device, 4 << 20), y(device, 4 << 20);
  synchronize(device, y);
  std::printf(
      "graph_measure: %s, 24 configurations of a short elementwise kernel; per launch "
      "under graph replay (%d launches a graph)\n",
      device.info(context).name.c_str(), kGraphLaunches);
  std::printf("  %8s  %-18s %10s  %-18s %10s  %s\n", "n", "eager's winner", "graph ms",
              "graph's winner", "graph ms", "eager/graph");
  std::vector<double> ratios;
  for (int n : {4096, 16384, 65536, 262144, 1048576}) {
    const float* px = x.as<float>();
    float* py = y.as<float>();
    int count = n;
    void* args[3] = {&px, &py, &count};
    const auto geometry = [&](const Config& c) { return scale_geometry(c, n); };
    Config winners[2];
    for (Measure measure : {Measure::eager, Measure::graph}) {
      Site site(scale_site(), &runtime);
      const auto tuning = [&] {
        TuningOptions o;
        o.measure = measure;
        return o;
      };
      site.launch(key(n), geometry, args, tuning);
      winners[measure == Measure::graph] = site.result(key(n))->best_config();
    }
    std::vector<detail::FunctionHandle> functions;
    std::vector<Geometry> geometries;
    for (const Config& c : winners) {
      geometries.push_back(scale_geometry(c, n));
      auto kernel = runtime.compiler().compile(
          detail::compile_request(scale_site(), c, geometries.back(), arch, key(n)));
      functions.push_back(device.load(context, kernel->cubin, kernel->entry));
    }
    const std::vector<double> ms = replay_times(device, functions, geometries, args);
    const Space space = scale_site().space;
    ratios.push_back(ms[0] / ms[1]);
    std::printf("  %8d  %-18s %10.5f  %-18s %10.5f  %.3f\n", n, space.describe(winners[0]).c_str(),
                ms[0], space.describe(winners[1]).c_str(), ms[1], ms[0] / ms[1]);
  }
  std::printf("graph_measure: ratio eager's winner / graph's winner under graph replay:");
  for (double r : ratios) std::printf(" %.3f", r);
  std::printf("\n");
}
