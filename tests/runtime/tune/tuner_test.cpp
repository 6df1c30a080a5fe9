#include "runtime.h"
#include "support/fake_device.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::launch_vadd;
using testing::vadd_geometry;

// tile x occupancy, as in the vadd example.
SiteInfo vadd_site() {
  return testing::vadd_site(Space::cartesian({{"tile", {64, 128, 256}}, {"occupancy", {1, 2, 4}}}),
                            12);
}

// (128, occupancy 2) is fastest; everything else is slower by a margin well over noise.
double vadd_cost(const std::string& variant, const Geometry&) {
  if (variant == "vadd<(128)>|occ=2|ntid=128") return 1.0;
  return 2.0 + static_cast<double>(variant.size() % 7) / 10;
}

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  explicit Fixture(FakeDevice::Cost cost, RuntimeOptions options = {}) {
    auto d = std::make_unique<FakeDevice>(std::move(cost));
    device = d.get();
    options.log = nullptr;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

TEST(Tuner, VisitsEveryConfigurationKeepsTheFastestAndDoesNotTuneAgain) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 1 << 20;
  auto geometry = [&](const Config& c) { return vadd_geometry(c, n); };
  void* args[1] = {&n};

  site.launch(key(bucket(n)), geometry, args);

  // Every one of the 9 configurations was compiled, loaded and timed.
  std::set<std::string> timed;
  for (const std::string& t : f.device->timed()) timed.insert(t);
  EXPECT_EQ(f.compiler->compiles.load(), 9);
  EXPECT_EQ(f.device->loaded().size(), 9u);
  EXPECT_EQ(timed.size(), 9u);
  EXPECT_TRUE(timed.count("vadd<(64)>|occ=1|ntid=64"));
  EXPECT_TRUE(timed.count("vadd<(256)>|occ=4|ntid=256"));

  // The winner is the fastest, and the real launch used it with its geometry.
  std::optional<TuningResult> result = site.result(key(bucket(n)));
  ASSERT_TRUE(result.has_value());
  EXPECT_EQ(result->best_config(), (Config{128, 2}));
  EXPECT_DOUBLE_EQ(result->measurements[result->best].median_ms, 1.0);
  ASSERT_EQ(f.device->launches().size(), 1u);
  EXPECT_EQ(f.device->launches().back(), "vadd<(128)>|occ=2|ntid=128");
  EXPECT_EQ(f.device->last_geometry().threads.x, 128u);
  EXPECT_EQ(f.device->last_geometry().blocks.x, static_cast<unsigned>(n / 128));

  // A later launch with the same key goes straight to the winner.
  std::size_t timed_before = f.device->timed().size();
  site.launch(key(bucket(n)), geometry, args);
  EXPECT_EQ(f.compiler->compiles.load(), 9);
  EXPECT_EQ(f.device->timed().size(), timed_before);
  ASSERT_EQ(f.device->launches().size(), 2u);
  EXPECT_EQ(f.device->launches().back(), "vadd<(128)>|occ=2|ntid=128");
}

TEST(Tuner, ADifferentKeyTunesAgain) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 1000;
  auto geometry = [&](const Config& c) { return vadd_geometry(c, n); };
  void* args[1] = {&n};
  site.launch(key(bucket(n)), geometry, args);
  std::size_t timed_after_first = f.device->timed().size();
  n = 1 << 22;
  site.launch(key(bucket(n)), geometry, args);
  EXPECT_GT(f.device->timed().size(), timed_after_first);
  EXPECT_FALSE(site.result(key(77)).has_value());
}

TEST(Tuner, TieGoesToTheEarlierConfiguration) {
  // All equal: the first configuration wins, whatever the order of completion.
  Fixture f([](const std::string&, const Geometry&) { return 1.0; });
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  EXPECT_EQ(site.result(key(n))->best_config(), (Config{64, 1}));
}

// Occupancy 2 and 4 compile to the same machine code: with the same geometry the second of them
// takes the first's median, unmeasured, and the table says which it duplicates.
std::string occupancy_four_as_two(const std::string& variant) {
  std::string code = variant;
  if (const std::size_t at = code.find("|occ=4|"); at != std::string::npos)
    code.replace(at, 7, "|occ=2|");
  return code;
}

TEST(Tuner, ConfigurationsWithTheSameCodeAndGeometryAreMeasuredOnce) {
  Fixture f([](const std::string& variant, const Geometry&) {
    return variant == "vadd<(128)>|occ=2|ntid=128" ? 1.0 : 2.0;
  });
  f.compiler->machine_code_of = occupancy_four_as_two;
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);

  for (const std::string& timed : f.device->timed())
    EXPECT_EQ(timed.find("|occ=4|"), std::string::npos) << timed;
  const TuningResult result = *site.result(key(n));
  // Whichever of a pair is measured, the one first in the space wins the tie.
  EXPECT_EQ(result.best_config(), (Config{128, 2}));
  ASSERT_EQ(result.measurements.size(), 9u);
  for (std::size_t i = 0; i < 9; i += 3) {
    // Configurations go tile-major: (tile, 1), (tile, 2), (tile, 4). Occupancy 2 and 4 share
    // code: one of them is measured (whichever build was ready first), the other takes its median.
    EXPECT_EQ(result.measurements[i].same_code_as, -1) << i;
    EXPECT_GT(result.measurements[i].samples, 0) << i;
    const Measurement& two = result.measurements[i + 1];
    const Measurement& four = result.measurements[i + 2];
    const bool two_measured = two.same_code_as == -1;
    const Measurement& measured = two_measured ? two : four;
    const Measurement& copy = two_measured ? four : two;
    EXPECT_EQ(measured.same_code_as, -1) << i;
    EXPECT_GT(measured.samples, 0) << i;
    EXPECT_EQ(copy.same_code_as, static_cast<int>(two_measured ? i + 1 : i + 2)) << i;
    EXPECT_TRUE(copy.ok) << i;
    EXPECT_EQ(copy.samples, 0) << i;
    EXPECT_EQ(copy.median_ms, measured.median_ms) << i;
  }
  EXPECT_NE(result.table().find(", same code as tile=128 occupancy="), std::string::npos)
      << result.table();
}

TEST(Tuner, OfTwoConfigurationsWithTheSameCodeTheFirstInTheSpaceWinsWhicheverIsMeasured) {
  // (128, 2)'s build is held until (128, 4), the same code, has been timed: (128, 4) is measured
  // and (128, 2) takes its median; the tie goes to (128, 2), first in the space.
  RuntimeOptions options;
  options.workers = 4;
  Fixture f([](const std::string& variant,
               const Geometry&) { return variant == "vadd<(128)>|occ=2|ntid=128" ? 1.0 : 2.0; },
            options);
  f.compiler->machine_code_of = occupancy_four_as_two;
  f.compiler->before_compile = [&](const std::string& name) {
    if (name != "vadd<(128)>|occ=2|ntid=128") return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline) {
      for (const std::string& t : f.device->timed())
        if (t == "vadd<(128)>|occ=2|ntid=128") return;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  const TuningResult result = *site.result(key(n));
  ASSERT_EQ(result.measurements[5].config, (Config{128, 4}));
  EXPECT_EQ(result.measurements[5].same_code_as, -1);
  EXPECT_EQ(result.measurements[4].same_code_as, 5);
  EXPECT_EQ(result.best_config(), (Config{128, 2}));
  // The winner took (128, 4)'s median: the search found it when (128, 4)'s trial ended.
  EXPECT_EQ(result.measurements[4].measured_at_ms, -1);
  ASSERT_GE(result.measurements[5].measured_at_ms, 0);
  EXPECT_EQ(result.best_measured_at_ms(), result.measurements[5].measured_at_ms);
  EXPECT_NE(result.table().find("best measured "), std::string::npos) << result.table();
}

TEST(Tuner, TheSameCodeWithAnotherGeometryIsMeasured) {
  Fixture f([](const std::string&, const Geometry&) { return 1.0; });
  f.compiler->machine_code_of = occupancy_four_as_two;
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  // Dynamic shared memory that follows the occupancy: no two configurations launch alike.
  site.launch(
      key(n),
      [&](const Config& c) {
        Geometry g = vadd_geometry(c, n);
        g.shmem = static_cast<unsigned>(c[1]) * 1024;
        return g;
      },
      args);
  // Held: a range-for over a member of the returned optional would outlive the optional.
  const TuningResult result = *site.result(key(n));
  for (const Measurement& m : result.measurements) {
    EXPECT_EQ(m.same_code_as, -1);
    EXPECT_GT(m.samples, 0);
  }
}

TEST(Tuner, TheSameCodeWithPerConfigurationArgumentsIsMeasured) {
  Fixture f([](const std::string&, const Geometry&) { return 1.0; });
  f.compiler->machine_code_of = occupancy_four_as_two;
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  long long argument = 0;
  void* args[1] = {&argument};
  auto per_configuration = [&](const Config& c) { argument = c[1]; };
  site.launch(
      key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args, {},
      ArgumentsRef(per_configuration));
  // Held: a range-for over a member of the returned optional would outlive the optional.
  const TuningResult result = *site.result(key(n));
  for (const Measurement& m : result.measurements) {
    EXPECT_EQ(m.same_code_as, -1);
    EXPECT_GT(m.samples, 0);
  }
}

TEST(Tuner, AFailedConfigurationIsRecordedAndTheRestGoOn) {
  Fixture f(vadd_cost);
  f.compiler->fail_if = [](const std::string& name) {
    return name.find("(256)") != std::string::npos;
  };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(r.best_config(), (Config{128, 2}));
  int failed = 0;
  for (const Measurement& m : r.measurements)
    if (!m.ok) {
      ++failed;
      EXPECT_EQ(m.config[0], 256);
      EXPECT_NE(m.failure.find("fake compile error"), std::string::npos);
    }
  EXPECT_EQ(failed, 3);
  EXPECT_NE(r.table().find("failed: fake compile error"), std::string::npos);
}

TEST(Tuner, WhenEveryConfigurationFailsTheErrorListsEachReason) {
  Fixture f(vadd_cost);
  f.compiler->fail_if = [](const std::string&) { return true; };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  try {
    site.launch(
        key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
    FAIL() << "expected tiletune::Error";
  } catch (const Error& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("vadd.cu:12"), std::string::npos) << what;
    EXPECT_NE(what.find("tile=64 occupancy=1: fake compile error"), std::string::npos) << what;
    EXPECT_NE(what.find("tile=256 occupancy=4: fake compile error"), std::string::npos) << what;
  }
  EXPECT_TRUE(f.device->launches().empty());
}

TEST(Tuner, DisabledTakesTheFirstConfigurationWithoutMeasuring) {
  RuntimeOptions options;
  options.disable = true;
  Fixture f(vadd_cost, options);
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  EXPECT_EQ(f.compiler->compiles.load(), 1);
  EXPECT_TRUE(f.device->timed().empty());
  EXPECT_EQ(f.device->launches().back(), "vadd<(64)>|occ=1|ntid=64");
  EXPECT_FALSE(site.result(key(n))->tuned);
}

TEST(Tuner, OccupancyBecomesEntryHintsWithTheBlockSize) {
  Fixture f(vadd_cost);
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {64}}, {"occupancy", {3}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  ASSERT_EQ(f.compiler->requested.size(), 1u);
  EXPECT_EQ(f.compiler->requested[0], "vadd<(64)>|occ=3|ntid=64");
  // One configuration: nothing to compare, so nothing is timed.
  EXPECT_TRUE(f.device->timed().empty());
}

// Every compile but the first waits until the first configuration has been timed: if the tuner
// compiled everything before measuring, or built a later configuration's machine code ahead of the
// first's on every worker, they would time out instead.
void expect_measured_in_order_while_later_ones_compile(unsigned workers) {
  SCOPED_TRACE("workers: " + std::to_string(workers));
  RuntimeOptions options;
  options.workers = workers;
  Fixture f(vadd_cost, options);
  std::mutex m;
  std::condition_variable first_timed;
  std::atomic<int> waited_out{0};
  f.compiler->before_compile = [&](const std::string& name) {
    if (name == "vadd<(64)>|occ=1|ntid=64") return;
    std::unique_lock lock(m);
    if (!first_timed.wait_for(lock, std::chrono::seconds(10),
                              [&] { return !f.device->timed().empty(); }))
      ++waited_out;
  };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  std::thread notifier([&] {
    while (f.device->timed().empty()) std::this_thread::yield();
    std::lock_guard lock(m);
    first_timed.notify_all();
  });
  site.launch(
      key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  notifier.join();
  EXPECT_EQ(waited_out.load(), 0);
  // The first configuration (the cost model's first, whose build alone was let through) is
  // measured first; after it, whichever build is ready (tuner.cpp's next_to_measure), each
  // configuration's samples together, every one of the nine once.
  std::vector<std::string> order;
  for (const std::string& t : f.device->timed())
    if (order.empty() || order.back() != t) order.push_back(t);
  ASSERT_EQ(order.size(), 9u);
  EXPECT_EQ(order.front(), "vadd<(64)>|occ=1|ntid=64");
  EXPECT_EQ(std::set<std::string>(order.begin(), order.end()).size(), 9u);
}

TEST(Tuner, MeasuresTheFirstConfigurationWhileLaterOnesStillCompile) {
  // The worker count is pinned, never the host's: with 3 workers (one per instantiation) each
  // build is queued alone; with 2 the front ends run in batches {64, 128} and {256}, and the
  // second batch, finishing first, must not have its machine code built ahead of the first
  // configuration's on both workers.
  expect_measured_in_order_while_later_ones_compile(3);
  expect_measured_in_order_while_later_ones_compile(2);
}

// 14 tiles x 2 occupancies: 14 distinct instantiations, each with two variants.
SiteInfo many_tiles_site() {
  SiteInfo info = vadd_site();
  std::vector<long long> tiles;
  for (long long t = 32; t <= 14 * 32; t += 32) tiles.push_back(t);
  info.space = Space::cartesian({{"tile", tiles}, {"occupancy", {1, 2}}});
  return info;
}

// The distinct instantiations of each prepare() call, in call order.
std::vector<std::size_t> batch_sizes(testing::FakeCompiler& compiler) {
  std::lock_guard lock(compiler.mutex);
  std::vector<std::size_t> sizes;
  for (const auto& batch : compiler.prepared) {
    std::set<std::string> names;
    for (const std::string& variant : batch) names.insert(variant.substr(0, variant.find('|')));
    sizes.push_back(names.size());
  }
  return sizes;
}

TEST(Tuner, WithMoreInstantiationsThanWorkersEachWorkerGetsABatchCompiledBeforeItsLinks) {
  // 14 distinct instantiations over 4 workers: batches of 4 (the last of 2); capped at 3 by
  // front_end_batch: batches of 3.
  for (unsigned most : {32u, 3u}) {
    RuntimeOptions options;
    options.workers = 4;
    options.front_end_batch = most;
    Fixture f(vadd_cost, options);
    std::atomic<int> compiled_unprepared{0};
    f.compiler->before_compile = [&](const std::string& name) {
      std::lock_guard lock(f.compiler->mutex);
      bool found = false;
      for (const auto& batch : f.compiler->prepared)
        found = found || std::find(batch.begin(), batch.end(), name) != batch.end();
      if (!found) ++compiled_unprepared;
    };
    Site site(many_tiles_site(), f.runtime.get());
    long long n = 1 << 16;
    launch_vadd(site, n);

    std::vector<std::size_t> sizes = batch_sizes(*f.compiler);
    std::sort(sizes.begin(), sizes.end());  // the batches run at once, in any order
    const std::vector<std::size_t> expected =
        most == 32 ? std::vector<std::size_t>{2, 4, 4, 4} : std::vector<std::size_t>{2, 3, 3, 3, 3};
    EXPECT_EQ(sizes, expected) << "front_end_batch " << most;
    std::lock_guard lock(f.compiler->mutex);
    std::set<std::string> prepared;
    for (const auto& batch : f.compiler->prepared) prepared.insert(batch.begin(), batch.end());
    EXPECT_EQ(prepared.size(), 28u) << "both variants of every instantiation";
    EXPECT_EQ(compiled_unprepared.load(), 0) << "a configuration compiled before its batch";
    EXPECT_EQ(f.compiler->compiles.load(), 28);
    EXPECT_EQ(f.device->loaded().size(), 28u);
  }
}

TEST(Tuner, WithFewerThanTwiceAsManyInstantiationsAsWorkersEveryWorkerGetsAProgram) {
  // 14 distinct instantiations over 10 workers: batches of 2 would be 7 programs, 3 workers idle.
  // Split until there are 10, the first in the space's order alone: 6 alone, then 4 pairs.
  RuntimeOptions options;
  options.workers = 10;
  Fixture f(vadd_cost, options);
  Site site(many_tiles_site(), f.runtime.get());
  long long n = 1 << 16;
  void* args[1] = {&n};
  // One geometry for all: the cost model ranks them alike, and the round keeps the space's order.
  site.launch(
      key(n),
      [&](const Config&) {
        return Geometry{Dim(n / 256), Dim(256), 0, nullptr};
      },
      args);

  std::vector<std::size_t> sizes = batch_sizes(*f.compiler);
  std::sort(sizes.begin(), sizes.end());  // the batches run at once, in any order
  EXPECT_EQ(sizes, (std::vector<std::size_t>{1, 1, 1, 1, 1, 1, 2, 2, 2, 2}));
  std::lock_guard lock(f.compiler->mutex);
  std::set<std::string> alone;  // the instantiations of the programs of one
  for (const auto& batch : f.compiler->prepared_requests) {
    std::set<std::string> names;
    for (const detail::CompileRequest& r : batch) names.insert(r.name_expression);
    if (names.size() == 1) alone.insert(*names.begin());
  }
  // The first 6 in the space's order are alone.
  EXPECT_EQ(alone, (std::set<std::string>{"vadd<(32)>", "vadd<(64)>", "vadd<(96)>", "vadd<(128)>",
                                          "vadd<(160)>", "vadd<(192)>"}));
  EXPECT_EQ(f.compiler->compiles.load(), 28);
}

// 6 tiles x 2 occupancies at a fixed 256 threads, in a source that takes its launch bounds per
// configuration: the occupancy is in each configuration's options, so the 6 name expressions make
// 12 programs' worth of work, and only configurations of one occupancy can share a program.
// Three compile workers: the 12 configurations of the batching tests below make batches of 4.
RuntimeOptions three_workers() {
  RuntimeOptions options;
  options.workers = 3;
  return options;
}

// Tunes `info` at one key, every configuration on the same 256-thread geometry.
void tune_on_one_geometry(const SiteInfo& info, Fixture& f) {
  Site site(info, f.runtime.get());
  long long n = 1 << 16;
  void* args[1] = {&n};
  site.launch(
      key(n),
      [&](const Config&) {
        return Geometry{Dim(n / 256), Dim(256), 0, nullptr};
      },
      args);
}

TEST(Tuner, ConfigurationsWithDifferentLaunchBoundsNeverShareABatch) {
  SiteInfo info = vadd_site();
  info.device_source =
      "#ifndef TILETUNE_LAUNCH_BOUNDS\n#define TILETUNE_LAUNCH_BOUNDS\n#endif\n"
      "template <int T> __global__ void TILETUNE_LAUNCH_BOUNDS vadd(int) {}";
  info.space = Space::cartesian({{"tile", {32, 64, 96, 128, 160, 192}}, {"occupancy", {1, 2}}});
  Fixture f(vadd_cost, three_workers());
  tune_on_one_geometry(info, f);

  std::lock_guard lock(f.compiler->mutex);
  std::vector<std::size_t> sizes;
  std::set<std::string> prepared;
  for (const auto& batch : f.compiler->prepared_requests) {
    sizes.push_back(batch.size());
    for (const detail::CompileRequest& r : batch) {
      EXPECT_EQ(r.options, batch.front().options) << "one program, one set of launch bounds";
      ASSERT_FALSE(r.options.empty());
      prepared.insert(r.name_expression + " " + r.options.back());
    }
  }
  std::sort(sizes.begin(), sizes.end());  // the batches run at once, in any order
  EXPECT_EQ(sizes, (std::vector<std::size_t>{2, 2, 4, 4}));
  EXPECT_EQ(prepared.size(), 12u) << "every configuration prepared once";
  EXPECT_EQ(f.compiler->compiles.load(), 12);
}

// The same space where the kernel takes its launch bounds as template arguments (issue 32): the
// 12 configurations are 12 instantiations of one set of options, so configurations of different
// occupancies share programs: 3 batches of 4, each of configurations next to each other in the
// order they are measured, the first holding the configuration measured first. That order is the
// cost model's (tune/cost_model.h): 256 blocks of 256 threads fill the 132 multiprocessors in one
// wave at occupancy 2 (use 1.0) and leave the last of two waves partly idle at occupancy 1 (0.97),
// so the occupancy-2 configurations come first, each group in the space's order.
TEST(Tuner, ConfigurationsWhoseLaunchBoundsAreTemplateArgumentsShareABatch) {
  SiteInfo info = vadd_site();
  info.device_source =
      "template <int tiletune_max_threads, int tiletune_min_blocks, int T>\n"
      "__global__ void __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) vadd(int) {}";
  info.name_expression = "vadd<$@max_threads, $@min_blocks, $tile>";
  info.space = Space::cartesian({{"tile", {32, 64, 96, 128, 160, 192}}, {"occupancy", {1, 2}}});
  Fixture f(vadd_cost, three_workers());
  tune_on_one_geometry(info, f);

  std::lock_guard lock(f.compiler->mutex);
  std::vector<std::vector<std::string>> batches;
  for (const auto& batch : f.compiler->prepared_requests) {
    batches.emplace_back();
    for (const detail::CompileRequest& r : batch) {
      EXPECT_EQ(r.options, info.options) << "no option per configuration";
      batches.back().push_back(r.name_expression);
    }
  }
  std::sort(batches.begin(), batches.end());  // the batches run at once, in any order
  const std::vector<std::vector<std::string>> expected = {
      {"vadd<(256), (1), (96)>", "vadd<(256), (1), (128)>", "vadd<(256), (1), (160)>",
       "vadd<(256), (1), (192)>"},
      {"vadd<(256), (2), (160)>", "vadd<(256), (2), (192)>", "vadd<(256), (1), (32)>",
       "vadd<(256), (1), (64)>"},
      {"vadd<(256), (2), (32)>", "vadd<(256), (2), (64)>", "vadd<(256), (2), (96)>",
       "vadd<(256), (2), (128)>"}};
  EXPECT_EQ(batches, expected);
  EXPECT_EQ(f.compiler->compiles.load(), 12);
}

TEST(Tuner, WithAsManyWorkersAsInstantiationsOrBatchesOfOneNothingIsPrepared) {
  for (auto [workers, most] : {std::pair{14u, 32u}, std::pair{4u, 1u}}) {
    RuntimeOptions options;
    options.workers = workers;
    options.front_end_batch = most;
    Fixture f(vadd_cost, options);
    Site site(many_tiles_site(), f.runtime.get());
    long long n = 1 << 16;
    launch_vadd(site, n);
    EXPECT_TRUE(batch_sizes(*f.compiler).empty()) << workers << " workers, batches of " << most;
    EXPECT_EQ(f.compiler->compiles.load(), 28);
  }
}

TEST(Tuner, TheResultSaysWhereTheCallingThreadSpentTheTuning) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  const TuningResult r = *site.result(key(n));
  const TuningResult::Phases& p = r.phases;
  EXPECT_GE(p.compile_ms, 0);
  EXPECT_EQ(p.load_ms, 0) << "the workers load with the pipeline on";
  EXPECT_EQ(p.check_ms, 0) << "nothing to verify";
  EXPECT_GT(p.measure_ms, 0);
  EXPECT_LE(p.compile_ms + p.load_ms + p.check_ms + p.measure_ms, r.seconds * 1000);
  EXPECT_NE(r.table().find("(this thread: compiles "), std::string::npos) << r.table();
}

TEST(Tuner, WithoutThePipelineEachCompileHappensJustBeforeItsMeasurement) {
  RuntimeOptions options;
  options.pipeline = false;
  Fixture f(vadd_cost, options);
  std::vector<std::size_t> timed_before_compile;
  f.compiler->before_compile = [&](const std::string&) {
    timed_before_compile.push_back(f.device->timed().size());
  };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  ASSERT_EQ(timed_before_compile.size(), 9u);
  for (std::size_t i = 1; i < timed_before_compile.size(); ++i)
    EXPECT_GT(timed_before_compile[i], timed_before_compile[i - 1]);
  EXPECT_EQ(site.result(key(n))->best_config(), (Config{128, 2}));
}

TEST(Tuner, ShortKernelsAreSampledUntilTheirSamplesAddUpToTheMinimumTime) {
  // tile=128 takes 0.25 ms (min_samples decide), tile=64 0.0625 ms (16 samples make 1 ms). The
  // slower one goes first, so that nothing stops early: on 16 multiprocessors both grids (32 and
  // 64 blocks) fill the device, the cost model ranks them alike, and the space's order stands.
  Fixture f([](const std::string& v, const Geometry&) {
    return v.find("(64)") != std::string::npos ? 0.0625 : 0.25;
  });
  f.device->device_info.multiprocessors = 16;
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {128, 64}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  TuningResult r = *site.result(key(n));
  const RuntimeOptions defaults;
  ASSERT_EQ(defaults.sampling.min_sample_ms, 1);
  EXPECT_EQ(r.measurements[0].samples, defaults.sampling.min_samples);
  EXPECT_EQ(r.measurements[1].samples, 16);
}

TEST(Tuner, AConfigurationFarSlowerThanTheBestStopsAfterAFewSamples) {
  // tile=64 is 1 ms; tile=128 is 1.2 ms (close: measured fully); tile=256 is 10 ms (stops).
  Fixture f([](const std::string& v, const Geometry&) {
    return v.find("(64)") != std::string::npos    ? 1.0
           : v.find("(128)") != std::string::npos ? 1.2
                                                  : 10.0;
  });
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {64, 128, 256}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  TuningResult r = *site.result(key(n));
  const RuntimeOptions defaults;
  EXPECT_EQ(r.measurements[0].samples, defaults.sampling.min_samples);
  EXPECT_EQ(r.measurements[1].samples, defaults.sampling.min_samples);
  EXPECT_FALSE(r.measurements[1].stopped_early);
  EXPECT_TRUE(r.measurements[2].stopped_early);
  EXPECT_EQ(r.measurements[2].samples, defaults.sampling.early_stop_samples);
  EXPECT_TRUE(r.measurements[2].ok);
  EXPECT_EQ(r.best, 0);
  EXPECT_NE(r.table().find("stopped early"), std::string::npos) << r.table();
}

TEST(Tuner, ALaterConfigurationMustBeFasterThanTheToleranceToWin) {
  auto run = [](double second_ms) {
    Fixture f([=](const std::string& v, const Geometry&) {
      return v.find("(64)") != std::string::npos ? 1.0 : second_ms;
    });
    SiteInfo info = vadd_site();
    info.space = Space::cartesian({{"tile", {64, 128}}});
    Site site(std::move(info), f.runtime.get());
    long long n = 4096;
    launch_vadd(site, n);
    return site.result(key(n))->best_config()[0];
  };
  EXPECT_EQ(run(0.995), 64);  // within 1%: a tie, the earlier wins
  EXPECT_EQ(run(0.98), 128);  // clearly faster
}

TEST(Tuner, LoadAndLaunchFailuresAreRecordedWithTheirReasons) {
  Fixture f(vadd_cost);
  f.device->load_fail_if = [](const std::string& v) { return v.find("(64)") != std::string::npos; };
  f.device->launch_fail_if = [](const std::string& v) {
    return v.find("occ=4") != std::string::npos;
  };
  f.device->max_threads_for = [](const std::string& v) {
    return v == "vadd<(256)>|occ=1|ntid=256" ? 128 : 1024;
  };
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  launch_vadd(site, n);
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(r.best_config(), (Config{128, 2}));
  auto failure = [&](Config c) {
    for (const Measurement& m : r.measurements)
      if (m.config == c) return m.ok ? std::string("ok") : m.failure;
    return std::string("absent");
  };
  EXPECT_NE(failure({64, 2}).find("fake load error"), std::string::npos);
  EXPECT_NE(failure({128, 4}).find("too many resources"), std::string::npos);
  EXPECT_NE(failure({256, 1}).find("needs 256 threads per block; compiled with 32 registers per "
                                   "thread it allows 128"),
            std::string::npos)
      << failure({256, 1});
  EXPECT_EQ(failure({256, 2}), "ok");
}

TEST(Tuner, DeviceLimitsRefuseConfigurationsBeforeAnythingIsCompiled) {
  Fixture f(vadd_cost);
  f.device->device_info.arch = 80;
  f.device->device_info.clusters = false;
  f.device->device_info.max_shared_per_block = 1000;
  SiteInfo info = vadd_site();
  // threads = tile; shmem = 4 * tile; clusters of num_ctas.
  info.space = Space::cartesian({{"tile", {128, 512, 2048}}, {"num_ctas", {1, 2}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 1 << 16;
  void* args[1] = {&n};
  auto geometry = [&](const Config& c) {
    Geometry g = vadd_geometry(c, n);
    g.shmem = static_cast<unsigned>(4 * c[0]);
    return g;
  };
  site.launch(key(n), geometry, args);
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(r.best_config(), (Config{128, 1}));
  EXPECT_EQ(f.compiler->compiles.load(), 1);  // only the one configuration that fits
  EXPECT_EQ(
      r.measurements[1].failure,
      "skipped: num_ctas = 2: thread-block clusters need sm_90 or later; the device is sm_80");
  EXPECT_EQ(r.measurements[2].failure,
            "skipped: needs 2048 bytes of dynamic shared memory per block; the device allows 1000");
  EXPECT_EQ(r.measurements[4].failure,
            "skipped: needs 2048 threads per block; the device allows 1024");
}

// vadd over tile x occupancy, each block of `tile` threads and 4 * tile bytes of dynamic shared
// memory; its tuning's result.
TuningResult tune_occupancies(Fixture& f, std::vector<long long> tiles,
                              std::vector<long long> occupancies) {
  SiteInfo info = vadd_site();
  info.space =
      Space::cartesian({{"tile", std::move(tiles)}, {"occupancy", std::move(occupancies)}});
  Site site(std::move(info), f.runtime.get());
  long long n = 1 << 16;
  void* args[1] = {&n};
  site.launch(
      key(n),
      [&](const Config& c) {
        Geometry g = vadd_geometry(c, n);
        g.shmem = static_cast<unsigned>(4 * c[0]);
        return g;
      },
      args);
  return *site.result(key(n));
}

// The failure of configuration `config` in `r`, "ok" when it ran.
std::string failure_of(const TuningResult& r, const Config& config) {
  for (const Measurement& m : r.measurements)
    if (m.config == config) return m.ok ? std::string("ok") : m.failure;
  return "absent";
}

TEST(Tuner, OccupancyHintsThatNeedMoreThreadsThanAMultiprocessorHoldsArePrunedBeforeCompiling) {
  Fixture f(vadd_cost);
  f.device->device_info.max_threads_per_multiprocessor = 2048;
  const TuningResult r = tune_occupancies(f, {512, 1024}, {1, 2, 4});
  EXPECT_EQ(failure_of(r, {1024, 4}),
            "skipped: occupancy = 4 needs 4 x 1024 = 4096 threads per multiprocessor; the device "
            "has 2048");
  EXPECT_EQ(failure_of(r, {512, 4}), "ok");  // exactly 2048
  EXPECT_EQ(failure_of(r, {1024, 2}), "ok");
  EXPECT_EQ(f.compiler->compiles.load(), 5);
  EXPECT_NE(r.table().find("failed: skipped: occupancy = 4 needs 4 x 1024"), std::string::npos);
}

TEST(Tuner,
     OccupancyHintsThatNeedMoreSharedMemoryThanAMultiprocessorHoldsArePrunedBeforeCompiling) {
  Fixture f(vadd_cost);
  f.device->device_info.max_shared_per_multiprocessor = 4000;
  const TuningResult r = tune_occupancies(f, {256, 512}, {1, 2});  // 1024 and 2048 bytes a block
  EXPECT_EQ(failure_of(r, {512, 2}),
            "skipped: occupancy = 2 needs 2 x 2048 = 4096 bytes of dynamic shared memory per "
            "multiprocessor; the device has 4000");
  EXPECT_EQ(failure_of(r, {512, 1}), "ok");
  EXPECT_EQ(failure_of(r, {256, 2}), "ok");
  EXPECT_EQ(f.compiler->compiles.load(), 3);
}

TEST(Tuner, MultiprocessorLimitsTheDeviceDoesNotReportAreNotChecked) {
  Fixture f(vadd_cost);
  f.device->device_info.max_threads_per_multiprocessor = 0;
  f.device->device_info.max_shared_per_multiprocessor = 0;
  f.device->device_info.registers_per_multiprocessor = 0;
  const TuningResult r = tune_occupancies(f, {1024}, {1, 8});
  EXPECT_EQ(failure_of(r, {1024, 8}), "ok");
  EXPECT_EQ(f.compiler->compiles.load(), 2);
}

TEST(Tuner, OccupancyHintsThatNeedMoreRegistersThanAMultiprocessorHoldsNeverRun) {
  Fixture f(vadd_cost);
  f.device->device_info.registers_per_multiprocessor = 32 * 1024;  // the fake compiles to 32 each
  const TuningResult r = tune_occupancies(f, {512, 1024}, {1, 2});
  const std::string expected =
      "occupancy = 2 needs 2 x 32768 = 65536 registers (1024 threads x 32) per multiprocessor; "
      "the device has 32768";
  EXPECT_EQ(failure_of(r, {1024, 2}), expected);
  EXPECT_EQ(failure_of(r, {512, 2}), "ok");   // exactly 32768
  EXPECT_EQ(f.compiler->compiles.load(), 4);  // registers are known once compiled
  for (const std::string& launched : f.device->launches())
    EXPECT_EQ(launched.find("vadd<(1024)>|occ=2"), std::string::npos) << launched;
}

TEST(Tuner, ABuildWhoseRegistersAreUnknownIsNotPrunedByTheRegisterLimit) {
  Fixture f(vadd_cost);
  f.device->device_info.registers_per_multiprocessor = 32 * 1024;
  f.compiler->registers = -1;  // the compiler's log said nothing about registers
  const TuningResult r = tune_occupancies(f, {512, 1024}, {1, 2});
  EXPECT_EQ(failure_of(r, {1024, 2}), "ok");
  EXPECT_EQ(failure_of(r, {512, 1}), "ok");
}

TEST(Tuner, PinnedModeSkipsAFirstConfigurationWithTooManyRegistersForItsOccupancy) {
  RuntimeOptions options;
  options.pinned = true;
  Fixture f(vadd_cost, options);
  f.device->device_info.registers_per_multiprocessor = 32 * 1024;
  const TuningResult r = tune_occupancies(f, {1024}, {2, 1});
  EXPECT_EQ(r.best_config(), (Config{1024, 1}));
  EXPECT_EQ(failure_of(r, {1024, 2}),
            "occupancy = 2 needs 2 x 32768 = 65536 registers (1024 threads x 32) per "
            "multiprocessor; the device has 32768");
}

TEST(Tuner, AClusterThatDoesNotDivideTheGridIsRefusedAndClustersReachTheLaunch) {
  Fixture f(vadd_cost);
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {64}}, {"num_ctas", {4, 8}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 64 * 12;  // 12 blocks: clusters of 4 fit, clusters of 8 do not
  launch_vadd(site, n);
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(r.best_config(), (Config{64, 4}));
  EXPECT_EQ(r.measurements[1].failure,
            "skipped: num_ctas = 8 does not divide the grid's x dimension (12 blocks)");
  EXPECT_EQ(f.device->last_cluster(), 4);
}

TEST(Tuner, FlushL2WritesABufferLargerThanL2BeforeEverySample) {
  Fixture f(vadd_cost);
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {64, 128}}});
  Site site(std::move(info), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  auto options = [] {
    TuningOptions o;
    o.flush_l2 = true;
    return o;
  };
  site.launch(
      key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args, options);
  std::vector<std::string> events = f.device->events();
  const std::string flush =
      "fill " + std::to_string(2 * std::max<long long>(f.device->device_info.l2_bytes, 32ll << 20));
  int flushed = 0, unflushed = 0;
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].rfind("time ", 0) == 0) (i > 0 && events[i - 1] == flush ? flushed : unflushed)++;
  TuningResult r = *site.result(key(n));
  EXPECT_EQ(flushed, r.measurements[0].samples + r.measurements[1].samples);
  EXPECT_EQ(unflushed, 2 * RuntimeOptions{}.sampling.warmup);  // warm-up launches need no flush
  EXPECT_EQ(f.device->live_allocations(), 0u);                 // the flush buffer is freed
}

TEST(Tuner, ConcurrentFirstLaunchesTuneOnceAndTheOthersAreCacheHits) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 12345;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      long long local = n;
      void* args[1] = {&local};
      site.launch(
          key(local), [&](const Config& c) { return vadd_geometry(c, local); }, args);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(f.compiler->compiles.load(), 9);
  EXPECT_EQ(f.device->launches().size(), 8u);
  int tunings = 0, hits = 0;
  for (const TuningResult& r : tuning_results())
    if (r.key == key(n)) (r.cache_hit ? hits : tunings)++;
  EXPECT_EQ(tunings, 1);
  // Threads that arrived while it ran waited and were marked; later ones found the winner.
  EXPECT_LE(hits, 7);
}

TEST(Tuner, OpaqueSpaceMistakesRaiseAnErrorAtTheAnnotation) {
  auto first_launch_error = [](SiteInfo info) -> std::string {
    Fixture f(vadd_cost);
    Site site(std::move(info), f.runtime.get());
    long long n = 4096;
    void* args[1] = {&n};
    try {
      site.launch(
          key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
    } catch (const Error& e) {
      EXPECT_EQ(f.compiler->compiles.load(), 0);
      return e.what();
    }
    return "no error";
  };
  SiteInfo info = vadd_site();
  info.dollar_names = {"tile", "tiel"};
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: '$tiel' names no axis of the space (its axes: tile, occupancy)");
  info = vadd_site();
  info.hints.occupancy = 2;
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: static hint 'occupancy' conflicts "
            "with the space's axis of the same name");
  info = vadd_site();
  info.space = Space::cartesian({{"tile", {64}}, {"occupancy", {0, 1}}});
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: occupancy must be at least 1 (the least number of blocks per "
            "multiprocessor), not 0 (in tile=64 occupancy=0)");
  info = vadd_site();
  info.space = Space::cartesian({{"tile", {64}}, {"num_ctas", {2, 3}}});
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: num_ctas must be a power of two up "
            "to 16 (1, 2, 4, 8, 16), not 3 (in tile=64 num_ctas=3)");
  info = vadd_site();
  info.space = Space::cartesian({{"tile", {64, 128}}}, [](const Config&) { return false; });
  EXPECT_EQ(first_launch_error(info), "vadd.cu:12: tiletune: the space has no configurations");
  info = vadd_site();
  info.hints.num_ctas = 32;
  info.space = Space::cartesian({{"tile", {64}}});
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: num_ctas must be a power of two up "
            "to 16 (1, 2, 4, 8, 16), not 32");
  info.hints = Hints{-1, 0};
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: occupancy must be at least 1 (the least number of blocks per "
            "multiprocessor), not -1");
  info.hints = Hints{0, 2};
  info.space = Space::cartesian({{"tile", {64}}, {"num_ctas", {1, 2}}});
  EXPECT_EQ(first_launch_error(info),
            "vadd.cu:12: tiletune: static hint 'num_ctas' conflicts with the space's axis of the "
            "same name");
}

TEST(Tuner, ClearingForgetsAKeyOrEverythingAndTheNextLaunchTunesAgain) {
  Fixture f(vadd_cost);
  Site site(vadd_site(), f.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  auto geometry = [&](const Config& c) { return vadd_geometry(c, n); };
  site.launch(key(1), geometry, args);
  site.launch(key(2), geometry, args);
  site.clear(key(1));
  EXPECT_FALSE(site.result(key(1)).has_value());
  EXPECT_TRUE(site.result(key(2)).has_value());
  std::size_t timed = f.device->timed().size();
  site.launch(key(1), geometry, args);
  EXPECT_GT(f.device->timed().size(), timed);
  site.clear();
  EXPECT_FALSE(site.result(key(1)).has_value());
  EXPECT_FALSE(site.result(key(2)).has_value());
  site.launch(key(2), geometry, args);
  EXPECT_TRUE(site.result(key(2)).has_value());
  clear_results();
  EXPECT_FALSE(site.result(key(2)).has_value());
}

// Each configuration's build is timed on the build clock, and the table names the slowest.
// Here only compiling moves the clock, by tile + occupancy milliseconds, on the one worker (so no
// two builds overlap): each build's time is exactly that, with the pipeline (a worker builds)
// and without it (the calling thread builds).
TEST(Tuner, EachBuildIsTimedAndTheTableNamesTheSlowest) {
  for (const bool pipeline : {true, false}) {
    std::atomic<long long> ns{0};
    auto device = std::make_unique<FakeDevice>(vadd_cost);
    auto compiler = std::make_shared<FakeCompiler>();
    compiler->before_compile = [&ns](const std::string& variant) {
      // "vadd<(128)>|occ=2|ntid=128"
      const long long tile = std::stoll(variant.substr(variant.find("<(") + 2));
      const long long occupancy = std::stoll(variant.substr(variant.find("occ=") + 4));
      ns += (tile + occupancy) * 1'000'000;
    };
    RuntimeOptions options;
    options.log = nullptr;
    options.workers = 1;
    options.pipeline = pipeline;
    options.build_clock = [&ns] {
      return std::chrono::steady_clock::time_point(std::chrono::nanoseconds(ns.load()));
    };
    Runtime runtime(std::move(device), compiler, options);
    Site site(vadd_site(), &runtime);
    launch_vadd(site, 4096);
    const TuningResult result = *site.result(key(4096));
    ASSERT_EQ(result.measurements.size(), 9u);
    for (const Measurement& m : result.measurements)
      EXPECT_DOUBLE_EQ(m.build_ms, static_cast<double>(m.config[0] + m.config[1])) << pipeline;
    const std::string table = result.table();
    EXPECT_NE(table.find("slowest builds (of 9): tile=256 occupancy=4 260 ms, tile=256 occupancy=2 "
                         "258 ms, tile=256 occupancy=1 257 ms\n"),
              std::string::npos)
        << table;
  }
}

// A result with fewer than two builds (one configuration, or read from the results file) has no
// slowest-builds line; configurations not built in the tuning are not counted.
TEST(Tuner, NoSlowestBuildsLineWithFewerThanTwoBuilds) {
  TuningResult result;
  result.axis_names = {"tile"};
  result.measurements.resize(3);
  for (int i = 0; i < 3; ++i) result.measurements[static_cast<std::size_t>(i)].config = Config{i};
  result.measurements[1].build_ms = 12;
  EXPECT_EQ(result.table().find("slowest builds"), std::string::npos) << result.table();
  result.measurements[2].build_ms = 30;
  EXPECT_NE(result.table().find("slowest builds (of 2): tile=2 30 ms, tile=1 12 ms\n"),
            std::string::npos)
      << result.table();
}

}  // namespace
}  // namespace tiletune
