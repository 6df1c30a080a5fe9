// Large spaces: exhaustive tuning against the default large-space strategy (`sample`), on a tiled
// matmul and a block reduction of over 1,000 configurations each, and a compile-heavy 2-D
// convolution of 724 (its filter loops unrolled: seconds per NVRTC program). Every tuning starts
// cold (a fresh runtime with no compile cache and no results file, the driver's JIT cache off), so
// its wall time includes compiling what it visits. Afterwards every winner and the exhaustive best
// are re-timed on one harness (3 interleaved passes of 100 samples; each configuration's time is
// its best pass median), and each sample winner counts when it is within 3% of the exhaustive best.
// The sample tunings draw with seeds 1, 2, ... (one each): the quality counted is over seeds, as
// bench/search_replay counts it, not one seed's under measurement noise.
// Goal: at least 10x less tuning time, within 3% in at least 9 of 10. Before the timed tunings of a
// kernel, one untimed tuning of its first configuration loads NVRTC and the driver's module code,
// so that the first timed tuning is not the only one to pay for them. Each strategy's mean wall
// time is printed with where this thread spent it (compiles waited for, loading, checking,
// measuring), and each sample tuning with its rounds, how far into it its winner was measured
// (the rounds after only confirmed it) and its slowest build (each round waits for its slowest
// compile). Then the floor: the quickest cold tuning of one configuration within 3% of the best,
// alone, what a search that knew the answer would take (floor_of); and the floors of a search that
// must confirm its answer by measuring its neighbours, and of one that samples first as the sample
// strategy does (sample_floor_of): these say whether a rule after the sample could reach the goal
// at all. Usage: search_scale
// [EXHAUSTIVE_RUNS [SAMPLE_RUNS [CONV_EXHAUSTIVE_RUNS [CONV_SAMPLE_RUNS]]]] (default 10, 10, 1 and
// 10: one exhaustive tuning of the convolution takes about a minute, and its winner is re-timed
// with the sample winners, so one is its best). The summary line is last. SEARCH_SCALE_TABLES=FILE
// appends every tuning's table to FILE, the landscapes bench/search_replay reads;
// SEARCH_SCALE_FLOOR_SAMPLE=N draws the sampling floor's first samples of N instead of the
// strategy's size; SEARCH_SCALE_KERNELS=a,b runs only those kernels (matmul, reduction, conv);
// SEARCH_SCALE_TIMELINE=1 prints each sample tuning's measurements as they ended.
// Skips without a GPU.
#include "padded_matmul.h"
#include "retime.h"
#include "search_scale_spaces.h"

#include "compile/nvrtc_compiler.h"
#include "tune/search/neighbourhood.h"
#include "tune/search/sample.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

constexpr double kWithin = 1.03;

// The convolution of Kernel Tuner's example (examples/cuda/convolution.cu, after van Werkhoven et
// al., "Optimizing convolution operations on GPUs using adaptive tiling", FGCS 2014): a 4096 x 4096
// image, a 17 x 17 filter, each block staging its input tile (and the filter's border) in shared
// memory, each thread computing TX x TY outputs a block's width and height apart, the filter
// loops unrolled (the inner one by UNROLL: 1, or whole). Its axes are that example's: block shape,
// outputs per thread, shared-memory padding; the filter unroll is ours.
const char* kConvolution = R"(
constexpr int FW = 17, FH = 17;
template <int BX, int BY, int TX, int TY, int UNROLL, int PAD>
__global__ void conv2d(float* out, const float* __restrict__ in, const float* __restrict__ filter,
                       int width) {
  __shared__ float tile[BY * TY + FH - 1][BX * TX + FW - 1 + PAD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = blockIdx.x * BX * TX, y0 = blockIdx.y * BY * TY;
  const int in_width = width + FW - 1;
  for (int i = ty; i < BY * TY + FH - 1; i += BY)
    for (int j = tx; j < BX * TX + FW - 1; j += BX) tile[i][j] = in[(y0 + i) * in_width + x0 + j];
  __syncthreads();
  float sum[TY][TX] = {};
#pragma unroll
  for (int i = 0; i < FH; ++i) {
#pragma unroll UNROLL
    for (int j = 0; j < FW; ++j) {
      const float f = __ldg(filter + i * FW + j);
#pragma unroll
      for (int yi = 0; yi < TY; ++yi)
#pragma unroll
        for (int xi = 0; xi < TX; ++xi) sum[yi][xi] += tile[ty + yi * BY + i][tx + xi * BX + j] * f;
    }
  }
#pragma unroll
  for (int yi = 0; yi < TY; ++yi)
#pragma unroll
    for (int xi = 0; xi < TX; ++xi)
      out[(y0 + ty + yi * BY) * width + x0 + tx + xi * BX] = sum[yi][xi];
}
)";

constexpr int kImage = kConvImage, kFilter = kConvFilter;

const char* kReduction = R"(
template <int BLOCK, int ITEMS, int UNROLL>
__global__ void block_sum(const float* x, float* partial, int n) {
  __shared__ float s[BLOCK];
  float v = 0;
  int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll UNROLL
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

SiteInfo site(const char* kernel, const char* source, const char* name_expression, Space space) {
  return bench_site("bench/search_scale.cpp", kernel, source, name_expression, std::move(space));
}

std::vector<std::unique_ptr<BenchCase>> cases(const DeviceMemory& in, const DeviceMemory& out,
                                              const DeviceMemory& image,
                                              const DeviceMemory& filter) {
  std::vector<std::unique_ptr<BenchCase>> all;
  all.push_back(padded_matmul_case("bench/search_scale.cpp", in, out));
  {
    auto c = std::make_unique<BenchCase>();
    c->name = "reduction";
    c->info =
        site("block_sum", kReduction, "block_sum<$block, $items, $unroll>", reduction_space());
    c->n = 1 << 24;
    c->geometry = [n = c->n](const Config& cfg) {
      return Geometry{Dim(cld(n, static_cast<int>(cfg[0] * cfg[1]))), Dim(cfg[0]), 0, nullptr};
    };
    c->in = in.as<float>();
    c->out = out.as<float>();
    c->key = key(c->n);
    c->args = {&c->in, &c->out, &c->n};
    all.push_back(std::move(c));
  }
  {
    auto c = std::make_unique<BenchCase>();
    c->name = "conv";
    c->info =
        site("conv2d", kConvolution, "conv2d<$bx, $by, $tx, $ty, $unroll, $pad>", conv_space());
    c->n = kImage;
    c->geometry = [](const Config& cfg) {
      return Geometry{Dim(kImage / static_cast<int>(cfg[0] * cfg[2]),
                          kImage / static_cast<int>(cfg[1] * cfg[3])),
                      Dim(static_cast<int>(cfg[0]), static_cast<int>(cfg[1])), 0, nullptr};
    };
    c->in = image.as<float>();
    c->out = out.as<float>();
    c->weights = filter.as<float>();
    c->key = key(c->n);
    c->args = {&c->out, &c->in, &c->weights, &c->n};
    all.push_back(std::move(c));
  }
  return all;
}

struct Tuning {
  Config winner;
  double seconds = 0;  // the first launch, to the kernel's end
  int visited = 0;     // configurations compiled
  int pruned = 0;      // refused before compiling ("skipped: ...")
  int unmeasured = 0;  // compiled, not measured: the cost model's call (tune/cost_model.h)
  int rounds = 0;      // of the search, each compiled and measured before the next
  TuningResult::Phases phases;
  std::vector<Config> fastest;  // the few fastest measured, fastest first (the tuning's medians)
  // Those within 3% of its fastest (its medians), the quickest built first: the answers a search
  // may end with, for the floor below.
  std::vector<Config> within_quickest_built;
  // Its slowest build (Measurement::build_ms): a round that holds it waits at least that long.
  double slowest_build_ms = 0;
  std::string slowest_build;
  // The configurations the device can launch, as indices into the space (the others were pruned
  // before compiling): the sample strategy draws from these.
  std::vector<std::size_t> eligible;
  // When its winner's trial ended (Measurement::measured_at_ms), in seconds into the tuning: the
  // rounds after it only confirmed it.
  double best_at_s = -1;
  // Its compiler, whose counters are read once the kernel's tunings are done: a build started
  // ahead and dropped while compiling finishes after its tuning, and is counted then.
  std::shared_ptr<detail::NvrtcCompiler> compiler;
};

// "312 programs, 1.9 s of front end and 0.4 s of machine code on the workers": the mean of
// `runs`' compilers' work, every build included (those built ahead that no round visited too).
std::string mean_compile_work(const std::vector<Tuning>& runs) {
  double programs = 0, front_end_s = 0, machine_code_s = 0;
  for (const Tuning& t : runs) {
    const detail::CompileCounters& c = t.compiler->counters();
    programs += static_cast<double>(c.front_end_runs.load()) / runs.size();
    front_end_s += static_cast<double>(c.front_end_ns.load()) / 1e9 / runs.size();
    machine_code_s += static_cast<double>(c.machine_code_ns.load()) / 1e9 / runs.size();
  }
  char text[160];
  std::snprintf(text, sizeof text,
                "%.0f programs, %.1f s of front end and %.1f s of machine code on the workers",
                programs, front_end_s, machine_code_s);
  return text;
}

// How many of an exhaustive tuning's fastest configurations are printed: where its best lies
// against the sample's winners (one step away, or in another region of the space).
constexpr std::size_t kFastestShown = 5;

// One cold tuning of `c` with `strategy` (and `seed`, for a seeded one).
Tuning tune_cold(detail::Device& device, const DeviceMemory& sync, BenchCase& c,
                 SearchStrategy strategy, unsigned long long seed = kDefaultSearchSeed) {
  auto compiler = std::make_shared<detail::NvrtcCompiler>(nullptr);
  Tuning t;
  t.compiler = compiler;
  const TuningResult r =
      tiletune::bench::tune_cold(device, sync, c, strategy, compiler, t.seconds, seed);
  // SEARCH_SCALE_TABLES=FILE appends each tuning's table to FILE (every configuration it measured
  // with its median: the landscape the strategies search), written after the tuning is timed.
  if (const char* file = std::getenv("SEARCH_SCALE_TABLES"))
    if (FILE* f = std::fopen(file, "a")) {
      std::fprintf(f, "== %s %s\n%s\n", c.name.c_str(),
                   strategy == SearchStrategy::exhaustive ? "exhaustive" : "sample",
                   r.table().c_str());
      std::fclose(f);
    }
  // SEARCH_SCALE_TIMELINE=1 prints each sample tuning's measurements in the order they ended:
  // when (ms into the tuning) and how long the configuration took to build, where the rounds and
  // their waits show.
  if (strategy != SearchStrategy::exhaustive && std::getenv("SEARCH_SCALE_TIMELINE")) {
    std::vector<const Measurement*> ended;
    for (const Measurement& m : r.measurements)
      if (m.measured_at_ms >= 0) ended.push_back(&m);
    std::stable_sort(ended.begin(), ended.end(), [](const Measurement* a, const Measurement* b) {
      return a->measured_at_ms < b->measured_at_ms;
    });
    std::string line = "  " + c.name + " timeline (seed " + std::to_string(seed) + "), ms:";
    for (const Measurement* m : ended)
      line += " " + std::to_string(static_cast<int>(m->measured_at_ms)) + "/" +
              std::to_string(static_cast<int>(m->build_ms));
    std::printf("%s\n", line.c_str());
  }
  t.winner = r.best_config();
  t.best_at_s = r.best_measured_at_ms() / 1000;
  t.phases = r.phases;
  t.rounds = r.rounds;
  for (const Measurement& m : r.measurements) {
    const bool pruned = m.failure.rfind("skipped: ", 0) == 0;
    const bool unmeasured = m.failure.rfind("not measured: ", 0) == 0;
    t.pruned += pruned;
    t.unmeasured += unmeasured;
    t.visited += (!m.not_visited && !pruned) || unmeasured;
  }
  for (std::size_t i = 0; i < r.measurements.size(); ++i)
    if (r.measurements[i].failure.rfind("skipped: ", 0) != 0) t.eligible.push_back(i);
  for (const Measurement& m : r.measurements)
    if (m.build_ms > t.slowest_build_ms) {
      t.slowest_build_ms = m.build_ms;
      t.slowest_build = c.info.space.describe(m.config);
    }
  std::vector<const Measurement*> ran;
  for (const Measurement& m : r.measurements)
    if (m.ok) ran.push_back(&m);
  std::stable_sort(ran.begin(), ran.end(), [](const Measurement* a, const Measurement* b) {
    return a->median_ms < b->median_ms;
  });
  for (std::size_t i = 0; i < ran.size() && i < kFastestShown; ++i)
    t.fastest.push_back(ran[i]->config);
  std::vector<const Measurement*> within;
  for (const Measurement* m : ran)
    if (m->median_ms <= ran.front()->median_ms * kWithin) within.push_back(m);
  std::stable_sort(within.begin(), within.end(), [](const Measurement* a, const Measurement* b) {
    return a->build_ms < b->build_ms;
  });
  for (const Measurement* m : within) t.within_quickest_built.push_back(m->config);
  return t;
}

// `c` with the configurations at `indices` (into its space) the whole of its space, in the space's
// order.
BenchCase only(const BenchCase& c, std::vector<std::size_t> indices) {
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  std::vector<std::vector<long long>> rows;
  for (std::size_t i : indices) {
    const Config& config = c.info.space.configurations()[i];
    std::vector<long long> row;
    for (int a = 0; a < config.size(); ++a) row.push_back(config[a]);
    rows.push_back(std::move(row));
  }
  BenchCase some = c;
  some.info.space = Space::list(c.info.space.axis_names(), std::move(rows));
  return some;
}

std::size_t index_of(const BenchCase& c, const Config& config) {
  const std::vector<Config>& all = c.info.space.configurations();
  return static_cast<std::size_t>(std::find(all.begin(), all.end(), config) - all.begin());
}

// `c` with `config` the whole of its space (its arguments still point into `c`).
BenchCase alone(const BenchCase& c, const Config& config) { return only(c, {index_of(c, config)}); }

// One untimed tuning of `c`'s first configuration alone.
void warm_up(detail::Device& device, const DeviceMemory& sync, const BenchCase& c) {
  BenchCase first = alone(c, c.info.space.configurations().front());
  tune_cold(device, sync, first, SearchStrategy::exhaustive);
}

// How many of the answers within 3% the floor tries (the quickest built in the exhaustive tuning).
constexpr std::size_t kFloorTries = 6;

// The quickest cold tuning, in one round, of `set_of(answer)` (indices into `c`'s space) for each
// of the first kFloorTries of `answers` (configurations within 3% of the best, the quickest built
// first): its time, that answer, and how many configurations the round held.
struct Quickest {
  double seconds = 1e30;
  std::size_t answer = 0;
  std::size_t size = 0;
};

Quickest quickest_over_answers(detail::Device& device, const DeviceMemory& sync, const BenchCase& c,
                               const std::vector<Config>& answers,
                               const std::function<std::vector<std::size_t>(std::size_t)>& set_of) {
  Quickest quickest;
  for (std::size_t i = 0; i < answers.size() && i < kFloorTries; ++i) {
    const std::size_t answer = index_of(c, answers[i]);
    BenchCase some = only(c, set_of(answer));
    const Tuning t = tune_cold(device, sync, some, SearchStrategy::exhaustive);
    if (t.seconds < quickest.seconds) quickest = {t.seconds, answer, some.info.space.size()};
  }
  return quickest;
}

// The floor under any search of `c`'s space: the quickest cold tuning of one answer within 3% of
// the best, alone (a space of that one configuration: compiled and loaded, no samples needed). A
// search that knew the answer in advance would take that long; one that must find it takes longer.
// So if the floor is above a tenth of the exhaustive tuning, no search is 10x faster at that
// quality on this machine.
Quickest floor_of(detail::Device& device, const DeviceMemory& sync, const BenchCase& c,
                  const std::vector<Config>& answers) {
  return quickest_over_answers(device, sync, c, answers,
                               [](std::size_t answer) { return std::vector<std::size_t>{answer}; });
}

// An answer and its neighbours (one value up or down along an axis, as the local search steps).
std::vector<std::size_t> confirming(const BenchCase& c, std::size_t answer) {
  std::vector<std::size_t> set = detail::Neighbourhood(c.info.space).of(answer);
  set.push_back(answer);
  return set;
}

// The floors under a search that samples first, as the sample strategy does. A local search ends
// at an answer only once it has measured the answer's neighbours (nothing else tells it to stop
// there); `confirm` is the quickest cold tuning of one answer within 3% with its neighbours, all
// in one round (of the answers the floor tries). A sample search measures its first sample too:
// `seeded` holds, for each seed, one cold tuning of that seed's first sample together with that
// answer and its neighbours, all in one round — what the search would take if, after its sample,
// it went to the answer in no rounds at all. The sample strategy's time can only be above it,
// whatever its rules after the sample.
struct SampleFloor {
  Quickest confirm;
  std::size_t sample_size = 0;  // of the first sample
  std::vector<double> seeded;   // seeds 1, 2, ...
  std::size_t seeded_size = 0;
};

SampleFloor sample_floor_of(detail::Device& device, const DeviceMemory& sync, const BenchCase& c,
                            const std::vector<Config>& answers,
                            const std::vector<std::size_t>& eligible, int seeds) {
  SampleFloor floor;
  // SEARCH_SCALE_FLOOR_SAMPLE=N: a first sample of N instead of the strategy's (a smaller one
  // costs less and finds less: bench/search_replay says how much).
  const char* size = std::getenv("SEARCH_SCALE_FLOOR_SAMPLE");
  floor.sample_size = size ? static_cast<std::size_t>(std::atol(size)) : 0;
  if (floor.sample_size == 0) floor.sample_size = detail::first_sample_size(eligible.size());
  floor.confirm = quickest_over_answers(device, sync, c, answers,
                                        [&](std::size_t answer) { return confirming(c, answer); });
  for (int seed = 1; seed <= seeds; ++seed) {
    std::vector<std::size_t> set =
        detail::first_sample(eligible, static_cast<unsigned long long>(seed), floor.sample_size);
    for (std::size_t i : confirming(c, floor.confirm.answer)) set.push_back(i);
    BenchCase some = only(c, set);
    floor.seeded_size = std::max(floor.seeded_size, some.info.space.size());
    floor.seeded.push_back(tune_cold(device, sync, some, SearchStrategy::exhaustive).seconds);
  }
  return floor;
}

// "2.41 s in 4.5 rounds (compiles waited for 1210 ms, loading 80 ms, checking 0 ms, measuring
// 950 ms)": the mean of `runs`.
std::string mean_time(const std::vector<Tuning>& runs) {
  double s = 0, rounds = 0;
  TuningResult::Phases p;
  for (const Tuning& t : runs) {
    s += t.seconds / runs.size();
    rounds += static_cast<double>(t.rounds) / runs.size();
    p.compile_ms += t.phases.compile_ms / runs.size();
    p.load_ms += t.phases.load_ms / runs.size();
    p.check_ms += t.phases.check_ms / runs.size();
    p.measure_ms += t.phases.measure_ms / runs.size();
  }
  char text[200];
  std::snprintf(text, sizeof text,
                "%.2f s in %.1f rounds (compiles waited for %.0f ms, loading %.0f ms, checking "
                "%.0f ms, measuring %.0f ms)",
                s, rounds, p.compile_ms, p.load_ms, p.check_ms, p.measure_ms);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const int exhaustive_runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10;
  const int sample_runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 10;
  const int conv_exhaustive_runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 1;
  const int conv_sample_runs = argc > 4 ? std::max(1, std::atoi(argv[4])) : 10;
  // Every compile a real one: the driver's JIT cache would serve a repeated tuning's programs.
  ::setenv("CUDA_CACHE_DISABLE", "1", 0);
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("search_scale");
  if (!device) return 0;
  detail::Device& d = *device;
  const std::size_t image_bytes =
      sizeof(float) * static_cast<std::size_t>(kImage + kFilter - 1) * (kImage + kFilter - 1);
  DeviceMemory in(d, 64 << 20), out(d, 64 << 20), image(d, image_bytes),
      filter(d, sizeof(float) * kFilter * kFilter);
  synchronize(d, out);
  std::printf(
      "search_scale: %d exhaustive and %d sample tunings per kernel (the convolution: %d and %d), "
      "cold compiles\n",
      exhaustive_runs, sample_runs, conv_exhaustive_runs, conv_sample_runs);
  std::string summary = "search_scale:";
  // SEARCH_SCALE_KERNELS=matmul,reduction: only those (default all three).
  const char* only_kernels = std::getenv("SEARCH_SCALE_KERNELS");
  for (std::unique_ptr<BenchCase>& c : cases(in, out, image, filter)) {
    if (only_kernels &&
        ("," + std::string(only_kernels) + ",").find("," + c->name + ",") == std::string::npos)
      continue;
    const bool conv = c->name == "conv";
    const int exhaustive_runs_here = conv ? conv_exhaustive_runs : exhaustive_runs;
    const int sample_runs_here = conv ? conv_sample_runs : sample_runs;
    std::vector<Tuning> exhaustive, sampled;
    warm_up(d, out, *c);
    for (int i = 0; i < exhaustive_runs_here; ++i)
      exhaustive.push_back(tune_cold(d, out, *c, SearchStrategy::exhaustive));
    for (int i = 0; i < sample_runs_here; ++i)
      sampled.push_back(tune_cold(d, out, *c, SearchStrategy::sample, i + 1));
    std::vector<Config> winners;
    for (const std::vector<Tuning>* runs : {&exhaustive, &sampled})
      for (const Tuning& t : *runs)
        if (std::find(winners.begin(), winners.end(), t.winner) == winners.end())
          winners.push_back(t.winner);
    // The first exhaustive tuning's fastest few, re-timed with the winners and printed: where the
    // best lies against the sample's winners. Only the exhaustive winners set the best.
    for (const Config& cfg : exhaustive.front().fastest)
      if (std::find(winners.begin(), winners.end(), cfg) == winners.end()) winners.push_back(cfg);
    detail::NvrtcCompiler compiler(nullptr);
    const std::vector<double> times = retime(d, compiler, *c, winners);
    const auto time_of = [&](const Config& winner) {
      return times[std::find(winners.begin(), winners.end(), winner) - winners.begin()];
    };
    // The exhaustive best: the fastest, re-timed, of the exhaustive tunings' winners.
    double best = 1e30;
    for (const Tuning& t : exhaustive) best = std::min(best, time_of(t.winner));
    double exhaustive_s = 0, sample_s = 0, visited = 0, unmeasured = 0;
    for (const Tuning& t : exhaustive) exhaustive_s += t.seconds / exhaustive.size();
    int good = 0, seed = 0;
    for (const Tuning& t : sampled) {
      ++seed;
      sample_s += t.seconds / sampled.size();
      visited += static_cast<double>(t.visited) / sampled.size();
      unmeasured += static_cast<double>(t.unmeasured) / sampled.size();
      const double ratio = time_of(t.winner) / best;
      good += ratio <= kWithin;
      std::printf(
          "  %-9s sample (seed %d): %.2f s in %d rounds, %d compiled, winner %s at %.3fx the "
          "exhaustive best, measured %.2f s in; slowest build %.0f ms (%s)\n",
          c->name.c_str(), seed, t.seconds, t.rounds, t.visited,
          c->info.space.describe(t.winner).c_str(), ratio, t.best_at_s, t.slowest_build_ms,
          t.slowest_build.c_str());
    }
    for (const Config& cfg : exhaustive.front().fastest)
      std::printf("  %-9s exhaustive's fastest: %s, re-timed %.4f ms (%.3fx the exhaustive best)\n",
                  c->name.c_str(), c->info.space.describe(cfg).c_str(), time_of(cfg),
                  time_of(cfg) / best);
    const double speedup = exhaustive_s / sample_s;
    const std::vector<Config>& answers = exhaustive.front().within_quickest_built;
    const Quickest floor = floor_of(d, out, *c, answers);
    const double floor_s = floor.seconds;
    const std::vector<Config>& configs = c->info.space.configurations();
    std::printf(
        "  %-9s floor: %s alone, cold, %.2f s (the quickest of %zu of the %zu within 3%%); 10x "
        "needs <= %.2f s: the floor is %.2f of that\n",
        c->name.c_str(), c->info.space.describe(configs[floor.answer]).c_str(), floor_s,
        std::min(answers.size(), kFloorTries), answers.size(), exhaustive_s / 10,
        floor_s / (exhaustive_s / 10));
    const SampleFloor sample_floor =
        sample_floor_of(d, out, *c, answers, exhaustive.front().eligible, sample_runs_here);
    std::vector<double> seeded = sample_floor.seeded;
    std::sort(seeded.begin(), seeded.end());
    double seeded_mean = 0;
    for (double s : seeded) seeded_mean += s / seeded.size();
    std::printf(
        "  %-9s floor of a search that confirms its answer: %s and its neighbours (%zu), one "
        "round, cold, %.2f s\n"
        "  %-9s floor of a search that samples first: each seed's first sample (%zu) with that "
        "answer and its neighbours (up to %zu in all), one round, cold: %.2f to %.2f s, "
        "mean %.2f s, %.2f of what 10x allows%s\n",
        c->name.c_str(), c->info.space.describe(configs[sample_floor.confirm.answer]).c_str(),
        sample_floor.confirm.size, sample_floor.confirm.seconds, c->name.c_str(),
        sample_floor.sample_size, sample_floor.seeded_size, seeded.front(), seeded.back(),
        seeded_mean, seeded_mean / (exhaustive_s / 10),
        conv ? " (5 s: the convolution's goal)" : "");
    std::printf("  %-9s compile work: exhaustive %s; sample %s\n", c->name.c_str(),
                mean_compile_work(exhaustive).c_str(), mean_compile_work(sampled).c_str());
    std::printf(
        "  %-9s exhaustive: %s\n  %-9s sample:     %s\n  %-9s %d configurations pruned "
        "by the device's limits before compiling; compiled but not measured (the cost model): "
        "exhaustive %d, sample %.1f\n",
        c->name.c_str(), mean_time(exhaustive).c_str(), c->name.c_str(), mean_time(sampled).c_str(),
        c->name.c_str(), exhaustive.front().pruned, exhaustive.front().unmeasured, unmeasured);
    std::printf(
        "  %-9s %zu configurations: exhaustive %.2f s (%d compiled, %d run%s), sample %.2f s (%.0f "
        "compiled): %.1fx less tuning time (goal >= 10x%s); %d/%d winners within 3%% of the "
        "exhaustive best (goal >= 9/10)\n",
        c->name.c_str(), c->info.space.size(), exhaustive_s, exhaustive.front().visited,
        exhaustive_runs_here, exhaustive_runs_here == 1 ? "" : "s", sample_s, visited, speedup,
        conv ? ", sample <= 5 s" : "", good, sample_runs_here);
    char part[160];
    std::snprintf(part, sizeof part,
                  " %s %.1fx less time (sample %.2f s), %d/%d within 3%%, floor %.2f s, "
                  "sampling floor %.2f s;",
                  c->name.c_str(), speedup, sample_s, good, sample_runs_here, floor_s, seeded_mean);
    summary += part;
  }
  std::printf("%s\n", summary.c_str());
  return 0;
}
