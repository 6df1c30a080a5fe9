// A long tuning says how far it is at TILETUNE_LOG=1, at most once per interval; a short one says
// nothing. The clock is the test's own: each reading advances it by a fixed step, so the lines
// depend on the count of configurations, never on real time.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>

namespace tiletune {
namespace {

using namespace std::chrono_literals;

// The log of one tuning of a 6-configuration space, each reading of the clock `step` later than
// the one before (the first is the tuning's start, then one per configuration done).
std::string tuning_log(std::chrono::milliseconds step, int log_level = 1) {
  testing::LogFile log;
  RuntimeOptions options;
  options.log = log.get();
  options.log_level = log_level;
  auto time = std::make_shared<detail::TuningSettings::Clock::time_point>();
  options.clock = [time, step] { return *time += step; };
  Runtime runtime(std::make_unique<testing::FakeDevice>(
                      [](const std::string&, const Geometry&) { return 1.0; }),
                  std::make_shared<testing::FakeCompiler>(), options);
  SiteInfo info;
  info.file = "dir/vadd.cu";
  info.line = 12;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd() {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {32, 64, 128, 256, 512, 1024}}});
  Site site(info, &runtime);
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(
      key(n),
      [&](const Config& c) {
        return Geometry{Dim(n / c[0]), Dim(c[0]), 0, nullptr};
      },
      args);
  return log.text();
}

std::vector<std::string> progress_lines(const std::string& log) {
  std::vector<std::string> lines;
  const std::regex line("tiletune: tuning [^\n]*");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator();
       ++it)
    lines.push_back(it->str());
  return lines;
}

TEST(TuningProgress, ALongTuningSaysHowFarItIsOncePerInterval) {
  // Readings at 0.4, 0.8, 1.2, ... s: past one second at the third configuration, and again a
  // second after that at the sixth, which is the last, so the table says the rest.
  const std::vector<std::string> lines = progress_lines(tuning_log(400ms));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("vadd.cu:12 vadd<$tile> key=(4096): 3/6 configurations, 1.2 s"),
            std::string::npos)
      << lines[0];
}

TEST(TuningProgress, EveryIntervalAgain) {
  // Readings at 0.7, 1.4, 2.1, ... s: said at 2/6 (1.4 s), 4/6 (2.8 s) and not at 3 (0.7 s after).
  const std::vector<std::string> lines = progress_lines(tuning_log(700ms));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find("2/6 configurations, 1.4 s"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("4/6 configurations, 2.8 s"), std::string::npos) << lines[1];
}

// At TILETUNE_LOG=1 the tuning prints its table once and marks the result so, so that a program
// printing its results' tables (as the examples do) skips it; unlogged, it is not marked.
TEST(TuningProgress, TheTableIsLoggedOnceAndMarked) {
  const std::string log = tuning_log(100ms);
  std::size_t tables = 0;
  for (std::size_t at = log.find("median_ms"); at != std::string::npos;
       at = log.find("median_ms", at + 1))
    ++tables;
  EXPECT_EQ(tables, 1u) << log;
  ASSERT_FALSE(tuning_results().empty());
  EXPECT_TRUE(tuning_results().back().logged);
  EXPECT_EQ(tuning_log(100ms, 0), "");
  EXPECT_FALSE(tuning_results().back().logged);
}

TEST(TuningProgress, AFastTuningSaysNothing) {
  const std::string log = tuning_log(100ms);  // 0.6 s in all
  EXPECT_TRUE(progress_lines(log).empty()) << log;
  EXPECT_NE(log.find("median_ms"), std::string::npos) << log;  // the table is still there
}

TEST(TuningProgress, SilentWithoutTheLog) { EXPECT_EQ(tuning_log(700ms, 0), ""); }

}  // namespace
}  // namespace tiletune
