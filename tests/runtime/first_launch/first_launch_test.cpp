// The first launch's order of steps, through a site on the fake device: a stored winner that does
// not load is passed over (said why) and the key tunes; TILETUNE_DISABLE reads nothing stored and
// stores nothing; pinned mode comes before it; every decision is recorded with its verdict's flags.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::vadd_site;

// A process: its runtime, with its results in `results` and its log.
struct Process {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  explicit Process(const std::string& results, RuntimeOptions options = {},
                   const std::string& fastest = "256") {
    auto d = std::make_unique<FakeDevice>(fastest_tile(fastest));
    device = d.get();
    options.log = log.get();
    options.log_level = 1;
    options.results_file = results;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }

  TuningResult launch(int n) {
    Site site(vadd_site(), runtime.get());
    void* args[1] = {&n};
    site.launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args);
    return *site.result(key(n));
  }
};

std::string text_of(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(FirstLaunch, AStoredWinnerThatDoesNotLoadIsPassedOverAndTheKeyTunes) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  EXPECT_EQ(Process(results).launch(1000).best_config(), (Config{256}));
  // Another process, whose device cannot load tile=256: not what the file says, so it tunes.
  Process next(results, {}, "128");
  next.device->load_fail_if = [](const std::string& v) { return has(v, "(256)"); };
  const TuningResult r = next.launch(1000);
  EXPECT_TRUE(r.tuned);
  EXPECT_FALSE(r.from_file);
  EXPECT_EQ(r.best_config(), (Config{128}));
  EXPECT_TRUE(has(next.log.text(),
                  "tiletune: vadd.cu:3 vadd<$tile>: the stored winner could not be loaded ("))
      << next.log.text();
  EXPECT_TRUE(has(next.log.text(), "): tuning again\n")) << next.log.text();
  EXPECT_TRUE(has(text_of(results), "best = tile=128")) << text_of(results);
}

TEST(FirstLaunch, AStoredWinnerThatLoadsIsLaunchedUnmeasuredAndSaidAtLogLevelOne) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  Process(results).launch(1000);
  Process next(results);
  const TuningResult r = next.launch(1000);
  EXPECT_TRUE(r.from_file);
  EXPECT_TRUE(next.device->timed().empty());
  EXPECT_EQ(next.log.text(), "tiletune: vadd.cu:3 vadd<$tile>: tile=256 from " + results + "\n");
}

TEST(FirstLaunch, DisabledReadsNothingStoredAndStoresNothing) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  Process(results).launch(1000);  // stores tile=256
  const std::string stored = text_of(results);
  RuntimeOptions options;
  options.disable = true;
  Process disabled(results, options);
  const TuningResult r = disabled.launch(1000);
  EXPECT_EQ(r.best_config(), (Config{64})) << "the first configuration, not the stored one";
  EXPECT_FALSE(r.tuned);
  EXPECT_EQ(r.not_tuned, "TILETUNE_DISABLE");
  EXPECT_FALSE(r.from_file);
  EXPECT_TRUE(disabled.device->timed().empty());
  EXPECT_EQ(text_of(results), stored);
}

TEST(FirstLaunch, PinnedModeComesBeforeDisabled) {
  testing::TemporaryDirectory dir;
  RuntimeOptions options;
  options.disable = true;
  options.pinned = true;
  Process p(dir / "results.txt", options);
  p.compiler->fail_if = [](const std::string& v) { return has(v, "(64)"); };
  const TuningResult r = p.launch(1000);
  EXPECT_EQ(r.not_tuned, "TILETUNE_MODE=pinned and no stored winner");
  EXPECT_EQ(r.best_config(), (Config{128})) << "the first configuration that builds";
}

TEST(FirstLaunch, EveryDecisionIsRecordedWithItsVerdictsFlags) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  const std::size_t before = tuning_results().size();
  Process(results).launch(1000);
  Process(results).launch(1000);
  const std::vector<TuningResult> all = tuning_results();
  ASSERT_EQ(all.size(), before + 2);
  EXPECT_TRUE(all[before].tuned);
  EXPECT_FALSE(all[before].from_file);
  EXPECT_TRUE(all[before + 1].from_file);
}

}  // namespace
}  // namespace tiletune
