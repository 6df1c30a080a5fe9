// The runtime's options from the environment: values in range taken, every other value one
// warning that says which variable, its value, the range and what is used, never an exception.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "runtime_options.h"

namespace tiletune {
namespace {

// Sets one variable for the life of the object.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) { ::setenv(name, value, 1); }
  ~ScopedVariable() { ::unsetenv(name_); }
  ScopedVariable(const ScopedVariable&) = delete;
  ScopedVariable& operator=(const ScopedVariable&) = delete;

 private:
  const char* name_;
};

struct Read {
  RuntimeOptions options;
  std::vector<std::string> warnings;
};

Read read_environment() {
  Read read;
  read.options = RuntimeOptions::from_environment(
      [&](const std::string& message) { read.warnings.push_back(message); });
  return read;
}

TEST(RuntimeOptions, ValuesInRangeAreTakenWithoutAWord) {
  ScopedVariable workers("TILETUNE_WORKERS", "7");
  ScopedVariable log("TILETUNE_LOG", "2");
  ScopedVariable disable("TILETUNE_DISABLE", "1");
  const Read read = read_environment();
  EXPECT_EQ(read.options.workers, 7u);
  EXPECT_EQ(read.options.log_level, 2);
  EXPECT_TRUE(read.options.disable);
  EXPECT_TRUE(read.warnings.empty());
}

TEST(RuntimeOptions, CompileProcessesAreOnUnlessTurnedOff) {
  EXPECT_TRUE(read_environment().options.compile_processes);
  for (const char* off : {"0", "false", "no", "off", "OFF", "No"}) {
    ScopedVariable variable("TILETUNE_COMPILE_PROCESSES", off);
    const Read read = read_environment();
    EXPECT_FALSE(read.options.compile_processes) << off;
    EXPECT_TRUE(read.warnings.empty()) << off;
  }
  ScopedVariable bad("TILETUNE_COMPILE_PROCESSES", "none");
  const Read read = read_environment();
  EXPECT_TRUE(read.options.compile_processes);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_COMPILE_PROCESSES='none' is not on or off (accepted: 1, true, yes, on or 0, "
            "false, no, off); using 1");
}

// One rule for every variable that turns something on or off (settings/boolean_variable.h).
TEST(RuntimeOptions, BooleansTakeEverySpellingOfOnAndOff) {
  for (const char* on : {"1", "true", "yes", "on", "TRUE", "Yes"}) {
    ScopedVariable disable("TILETUNE_DISABLE", on);
    const Read read = read_environment();
    EXPECT_TRUE(read.options.disable) << on;
    EXPECT_TRUE(read.warnings.empty()) << on;
  }
  for (const char* off : {"0", "false", "no", "off"}) {
    ScopedVariable disable("TILETUNE_DISABLE", off);
    const Read read = read_environment();
    EXPECT_FALSE(read.options.disable) << off;
    EXPECT_TRUE(read.warnings.empty()) << off;
  }
}

TEST(RuntimeOptions, PchIsABooleanOrAuto) {
  EXPECT_EQ(read_environment().options.pch, detail::PchMode::kAuto);
  const std::pair<const char*, detail::PchMode> values[] = {
      {"auto", detail::PchMode::kAuto}, {"1", detail::PchMode::kOn},
      {"yes", detail::PchMode::kOn},    {"0", detail::PchMode::kOff},
      {"false", detail::PchMode::kOff}, {"", detail::PchMode::kAuto}};
  for (const auto& [text, mode] : values) {
    ScopedVariable pch("TILETUNE_PCH", text);
    const Read read = read_environment();
    EXPECT_EQ(read.options.pch, mode) << text;
    EXPECT_TRUE(read.warnings.empty()) << text;
  }
}

// It used to throw at every launch.
TEST(RuntimeOptions, PchOfAnyOtherValueIsAutoWithAWarning) {
  ScopedVariable pch("TILETUNE_PCH", "sometimes");
  const Read read = read_environment();
  EXPECT_EQ(read.options.pch, detail::PchMode::kAuto);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_PCH='sometimes' is not on or off (accepted: auto, 1, true, yes, on or 0, "
            "false, no, off); using auto");
}

TEST(RuntimeOptions, NvrtcWorkerTimeoutIsInSecondsFiveMinutesUnlessSet) {
  EXPECT_EQ(read_environment().options.nvrtc_worker_timeout, std::chrono::seconds(300));
  {
    ScopedVariable timeout("TILETUNE_NVRTC_WORKER_TIMEOUT", "20");
    const Read read = read_environment();
    EXPECT_EQ(read.options.nvrtc_worker_timeout, std::chrono::seconds(20));
    EXPECT_TRUE(read.warnings.empty());
  }
  ScopedVariable none("TILETUNE_NVRTC_WORKER_TIMEOUT", "0");
  const Read read = read_environment();
  EXPECT_EQ(read.options.nvrtc_worker_timeout, std::chrono::seconds(1));
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_NVRTC_WORKER_TIMEOUT='0' is out of range (accepted: 1 to 86400 seconds); "
            "using 1");
}

TEST(RuntimeOptions, TooManyWorkersIsTheMostWithAWarning) {
  ScopedVariable workers("TILETUNE_WORKERS", "200000");
  const Read read = read_environment();
  EXPECT_EQ(read.options.workers, 1024u);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_WORKERS='200000' is out of range (accepted: 0 (one per CPU the process may "
            "use) to 1024); "
            "using 1024");
}

TEST(RuntimeOptions, ANumberTooBigForAnyIntegerIsOutOfRangeNotTruncated) {
  ScopedVariable workers("TILETUNE_WORKERS", "4294967297");
  ScopedVariable log("TILETUNE_LOG", "99999999999999999999999");
  const Read read = read_environment();
  EXPECT_EQ(read.options.workers, 1024u);
  EXPECT_EQ(read.options.log_level, 2);
  ASSERT_EQ(read.warnings.size(), 2u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_LOG='99999999999999999999999' is out of range (accepted: 0 to 2); using 2");
}

TEST(RuntimeOptions, ANegativeValueIsTheLeastWithAWarning) {
  ScopedVariable log("TILETUNE_LOG", "-3");
  const Read read = read_environment();
  EXPECT_EQ(read.options.log_level, 0);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0], "TILETUNE_LOG='-3' is out of range (accepted: 0 to 2); using 0");
}

TEST(RuntimeOptions, NotANumberIsAsIfUnsetWithAWarning) {
  ScopedVariable disable("TILETUNE_DISABLE", "maybe");
  ScopedVariable workers("TILETUNE_WORKERS", "4x");
  const Read read = read_environment();
  EXPECT_FALSE(read.options.disable);
  EXPECT_EQ(read.options.workers, 0u);
  ASSERT_EQ(read.warnings.size(), 2u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_DISABLE='maybe' is not on or off (accepted: 1, true, yes, on or 0, false, "
            "no, off); using 0");
  EXPECT_EQ(read.warnings[1],
            "TILETUNE_WORKERS='4x' is not a whole number (accepted: 0 (one per CPU the process may "
            "use) to 1024); "
            "using 0");
}

TEST(RuntimeOptions, WarningsGoToStderrByDefault) {
  ScopedVariable disable("TILETUNE_DISABLE", "2");
  ::testing::internal::CaptureStderr();
  const RuntimeOptions options = RuntimeOptions::from_environment();
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "tiletune: warning: TILETUNE_DISABLE='2' is not on or off (accepted: 1, true, yes, on "
            "or 0, false, no, off); using 0\n");
  EXPECT_FALSE(options.disable);
}

TEST(RuntimeOptions, SearchAndBudgetOverrideEverySite) {
  ScopedVariable search("TILETUNE_SEARCH", "sample");
  ScopedVariable budget("TILETUNE_BUDGET", "5");
  const Read read = read_environment();
  ASSERT_TRUE(read.options.search.has_value());
  EXPECT_EQ(*read.options.search, SearchStrategy::sample);
  ASSERT_TRUE(read.options.budget_s.has_value());
  EXPECT_EQ(*read.options.budget_s, 5.0);
  EXPECT_TRUE(read.warnings.empty());
}

TEST(RuntimeOptions, UnsetSearchAndBudgetLeaveEachSitesOwn) {
  const Read read = read_environment();
  EXPECT_FALSE(read.options.search.has_value());
  EXPECT_FALSE(read.options.budget_s.has_value());
}

TEST(RuntimeOptions, AnUnknownStrategyIsIgnoredWithAWarning) {
  ScopedVariable search("TILETUNE_SEARCH", "annealing");
  const Read read = read_environment();
  EXPECT_FALSE(read.options.search.has_value());
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_SEARCH='annealing' is not a strategy (accepted: auto, exhaustive, sample); "
            "using each site's own");
}

TEST(RuntimeOptions, MeasureOverridesEverySite) {
  for (const auto& [name, measure] :
       {std::pair{"eager", Measure::eager}, std::pair{"graph", Measure::graph},
        std::pair{"cold", Measure::cold}}) {
    ScopedVariable variable("TILETUNE_MEASURE", name);
    const Read read = read_environment();
    ASSERT_TRUE(read.options.measure.has_value());
    EXPECT_EQ(*read.options.measure, measure);
    EXPECT_TRUE(read.warnings.empty());
  }
  EXPECT_FALSE(read_environment().options.measure.has_value());
}

TEST(RuntimeOptions, AnUnknownMeasureIsIgnoredWithAWarning) {
  ScopedVariable variable("TILETUNE_MEASURE", "warm");
  const Read read = read_environment();
  EXPECT_FALSE(read.options.measure.has_value());
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_MEASURE='warm' is not a way to measure (accepted: eager, graph, cold); "
            "using each site's own");
}

TEST(RuntimeOptions, ABudgetThatIsNotANumberIsNoneWithAWarning) {
  ScopedVariable budget("TILETUNE_BUDGET", "5s");
  const Read read = read_environment();
  ASSERT_TRUE(read.options.budget_s.has_value());
  EXPECT_EQ(*read.options.budget_s, 0.0);
  ASSERT_EQ(read.warnings.size(), 1u);
  EXPECT_EQ(read.warnings[0],
            "TILETUNE_BUDGET='5s' is not a whole number (accepted: 0 (none) to 86400 seconds); "
            "using 0");
}

}  // namespace
}  // namespace tiletune
