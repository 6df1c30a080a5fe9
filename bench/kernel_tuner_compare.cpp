// tiletune's half of bench/kernel_tuner_compare.sh: on search_scale's 1,024-configuration matmul
// (padded_matmul.h), one cold exhaustive tuning, whose table of medians is the judge of every
// winner in the comparison (tiletune's and Kernel Tuner's alike), and SAMPLE_RUNS cold tunings
// with the default large-space strategy (`sample`), the n-th with seed n (so that its quality is
// counted over seeds, as search_scale's is, not one seed's under measurement noise; Kernel Tuner's
// runs each start at random too), each timed from its first launch to the kernel's end. Before
// them, one untimed tuning of the first configuration loads NVRTC, the workers and the driver's
// module code, as search_scale does. Writes it all to OUT_JSON with the kernel's source and its
// axes, for kernel_tuner_compare.py, which runs Kernel Tuner on the same kernel and space. Usage:
// kernel_tuner_compare SAMPLE_RUNS OUT_JSON. Skips without a GPU.
#include "padded_matmul.h"

#include "compile/nvrtc_compiler.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

// One cold tuning of `c`: no compile cache either.
TuningResult tune_cold(detail::Device& device, const DeviceMemory& sync, const BenchCase& c,
                       SearchStrategy strategy, double& seconds,
                       unsigned long long seed = kDefaultSearchSeed) {
  return tiletune::bench::tune_cold(
      device, sync, c, strategy, std::make_shared<detail::NvrtcCompiler>(nullptr), seconds, seed);
}

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (ch == '\n') {
      out += "\\n";
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string json_config(const Config& config) {
  std::string out = "[";
  for (int a = 0; a < config.size(); ++a) out += (a ? ", " : "") + std::to_string(config[a]);
  return out + "]";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: kernel_tuner_compare SAMPLE_RUNS OUT_JSON\n");
    return 2;
  }
  const int sample_runs = std::max(1, std::atoi(argv[1]));
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("kernel_tuner_compare");
  if (!device) return 0;
  detail::Device& d = *device;
  DeviceMemory in(d, 64 << 20), out(d, 64 << 20);
  synchronize(d, out);
  std::unique_ptr<BenchCase> c = padded_matmul_case("bench/kernel_tuner_compare.cpp", in, out);

  double seconds = 0;
  {
    BenchCase first = *c;
    std::vector<Space::Axis> axes;
    const Config& config = c->info.space.configurations().front();
    for (int a = 0; a < config.size(); ++a)
      axes.push_back({c->info.space.axis_names()[static_cast<std::size_t>(a)], {config[a]}});
    first.info.space = Space::cartesian(std::move(axes));
    tune_cold(d, out, first, SearchStrategy::exhaustive, seconds);
  }
  const TuningResult exhaustive = tune_cold(d, out, *c, SearchStrategy::exhaustive, seconds);
  const double exhaustive_seconds = seconds;
  std::string json = "{\n\"source\": " + json_string(c->info.device_source) +
                     ",\n\"n\": " + std::to_string(c->n) + ",\n\"axes\": [";
  const std::vector<std::string>& names = c->info.space.axis_names();
  for (std::size_t a = 0; a < names.size(); ++a) json += (a ? ", " : "") + json_string(names[a]);
  json += "],\n\"exhaustive\": {\"seconds\": " + std::to_string(exhaustive_seconds) +
          ", \"table\": [\n";
  // Every configuration's median in the exhaustive tuning; null where it did not run.
  for (std::size_t i = 0; i < exhaustive.measurements.size(); ++i) {
    const Measurement& m = exhaustive.measurements[i];
    json += (i ? ",\n" : "") + std::string("[") + json_config(m.config) + ", " +
            (m.ok ? std::to_string(m.median_ms) : std::string("null")) + "]";
  }
  json += "]},\n\"sample\": [\n";
  std::printf("kernel_tuner_compare: tiletune exhaustive %.2f s, winner %s\n", exhaustive_seconds,
              c->info.space.describe(exhaustive.best_config()).c_str());
  for (int run = 0; run < sample_runs; ++run) {
    const unsigned long long seed = static_cast<unsigned long long>(run) + 1;
    const TuningResult r = tune_cold(d, out, *c, SearchStrategy::sample, seconds, seed);
    int visited = 0;
    for (const Measurement& m : r.measurements)
      visited += !m.not_visited && m.failure.rfind("skipped: ", 0) != 0;
    // Each trial's configuration, median (null where it failed) and end, in seconds from the
    // tuning's start: when the incumbent got within 3% is judged from these, as Kernel Tuner's is.
    std::string trials;
    for (const Measurement& m : r.measurements) {
      if (m.measured_at_ms < 0) continue;
      trials += (trials.empty() ? "" : ", ") + std::string("[") + json_config(m.config) + ", " +
                (m.ok ? std::to_string(m.median_ms) : std::string("null")) + ", " +
                std::to_string(m.measured_at_ms / 1000) + "]";
    }
    json += (run ? ",\n" : "") + std::string("{\"seconds\": ") + std::to_string(seconds) +
            ", \"seed\": " + std::to_string(seed) + ", \"visited\": " + std::to_string(visited) +
            ", \"winner\": " + json_config(r.best_config()) + ", \"trials\": [" + trials + "]}";
    std::printf(
        "kernel_tuner_compare: tiletune sample run %d (seed %llu): %.2f s, %d compiled, winner "
        "%s\n",
        run + 1, seed, seconds, visited, c->info.space.describe(r.best_config()).c_str());
  }
  json += "]\n}\n";
  std::FILE* file = std::fopen(argv[2], "w");
  if (!file || std::fputs(json.c_str(), file) < 0 || std::fclose(file) != 0) {
    std::fprintf(stderr, "kernel_tuner_compare: cannot write %s\n", argv[2]);
    return 1;
  }
  return 0;
}
