// TILETUNE_MODE=pinned: never measure; the stored winner, else the first configuration that
// builds, said once in the log and never stored.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/error.h>
#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <stdlib.h>

#include <cstdio>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::vadd_site;

struct Process {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  Process(const std::string& results, bool pinned) {
    auto d = std::make_unique<FakeDevice>(fastest_tile("256"));
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    options.results_file = results;
    options.pinned = pinned;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
  TuningResult launch(SiteInfo info, int n) {
    Site site(std::move(info), runtime.get());
    testing::launch_vadd(site, n);
    return *site.result(key(n));
  }
};

TEST(Pinned, WithoutAStoredWinnerTheFirstConfigurationThatBuildsRunsUnmeasuredAndUnstored) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  Process p(results, true);
  p.compiler->fail_if = [](const std::string& v) { return v.find("(64)") != std::string::npos; };
  TuningResult r = p.launch(vadd_site(), 1000);
  EXPECT_FALSE(r.tuned);
  EXPECT_EQ(r.best_config(), (Config{128}));
  EXPECT_TRUE(p.device->timed().empty());
  EXPECT_EQ(p.device->launches(), (std::vector<std::string>{"vadd<(128)>|occ=0|ntid=0"}));
  EXPECT_NE(p.log.text().find("tiletune: vadd.cu:3 vadd<$tile>: TILETUNE_MODE=pinned and no stored "
                              "winner in " +
                              results + ": using tile=128, the first configuration that builds"),
            std::string::npos)
      << p.log.text();
  EXPECT_NE(r.table().find("[not tuned: TILETUNE_MODE=pinned and no stored winner]"),
            std::string::npos)
      << r.table();
  EXPECT_NE(r.table().find("chosen, not measured"), std::string::npos);
  EXPECT_EQ(testing::read_bytes(results).size(), 0u);  // nothing stored
}

TEST(Pinned, TheStoredWinnerIsUsedWithoutMeasuring) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  {
    Process tuning(results, false);
    EXPECT_EQ(tuning.launch(vadd_site(), 1000).best_config(), (Config{256}));
  }
  Process p(results, true);
  TuningResult r = p.launch(vadd_site(), 1000);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(r.best_config(), (Config{256}));
  EXPECT_TRUE(p.device->timed().empty());
}

// Restores a variable of the environment when the test ends.
struct ScopedEnvironment {
  ScopedEnvironment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
  }
  ~ScopedEnvironment() {
    if (old_.empty())
      ::unsetenv(name_);
    else
      ::setenv(name_, old_.c_str(), 1);
  }
  const char* name_;
  std::string old_;
};

TEST(Pinned, TheModeComesFromTheEnvironment) {
  {
    ScopedEnvironment mode("TILETUNE_MODE", "pinned");
    EXPECT_TRUE(RuntimeOptions::from_environment().pinned);
  }
  {
    ScopedEnvironment mode("TILETUNE_MODE", "tune");
    EXPECT_FALSE(RuntimeOptions::from_environment().pinned);
  }
  ScopedEnvironment mode("TILETUNE_MODE", "pinnned");
  std::vector<std::string> warnings;
  const RuntimeOptions o =
      RuntimeOptions::from_environment([&](const std::string& w) { warnings.push_back(w); });
  EXPECT_FALSE(o.pinned);
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "TILETUNE_MODE='pinnned' is not a mode (accepted: tune, pinned); using "
                          "tune"}));
}

}  // namespace
}  // namespace tiletune
