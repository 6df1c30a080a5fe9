// A first launch's verdict: the flags it sets on the result, and the lines the log gets for it,
// for every source a winner can come from.
#include "first_launch/verdict.h"
#include "support/log_file.h"

#include <gtest/gtest.h>

#include <string>

namespace tiletune::detail {
namespace {

using Source = Verdict::Source;
using testing::LogFile;

const Space& space() {
  static const Space s = Space::cartesian({{"tile", {64, 128}}});
  return s;
}

// A decision for tile=128, as `source` makes it.
Decision decision(Source source, std::string where = "") {
  TunedKernel kernel;
  TuningResult& r = kernel.result;
  r.site = "vadd.cu:3";
  r.kernel = "vadd<$tile>";
  r.key = key(1000);
  r.axis_names = {"tile"};
  Measurement& m = r.measurements.emplace_back();
  m.config = space().configurations()[1];
  m.ok = true;
  m.median_ms = 0.5;
  r.best = 0;
  return decided(std::move(kernel), {source, std::move(where)});
}

// What the log says about a decision from `source` at TILETUNE_LOG=`level`.
std::string told(Source source, int level, std::string where = "") {
  LogFile file;
  Decision d = decision(source, where);
  tell(Logger(file.get(), level), "vadd.cu:3 vadd<$tile>", space(), d);
  return file.text();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Verdict, AWinnerMeasuredHereIsATableAtLogLevelOne) {
  EXPECT_TRUE(decision(Source::tuned).kernel.result.tuned);
  EXPECT_EQ(told(Source::tuned, 0), "");
  const std::string table = told(Source::tuned, 1);
  EXPECT_EQ(table.rfind("tiletune: vadd.cu:3 vadd<$tile> key=(1000)\n", 0), 0u) << table;
  EXPECT_TRUE(has(table, "best")) << table;
}

TEST(Verdict, TheFlagsSayWhereTheWinnerCameFrom) {
  EXPECT_TRUE(decision(Source::results_file).kernel.result.from_file);
  EXPECT_TRUE(decision(Source::another_process).kernel.result.from_file);
  EXPECT_TRUE(decision(Source::root_measured).kernel.result.from_root);
  EXPECT_TRUE(decision(Source::root_measured).kernel.result.tuned);
  TuningResult waited = decision(Source::tuned).kernel.result;
  stamp({Source::another_thread, ""}, waited);
  EXPECT_TRUE(waited.cache_hit);
  EXPECT_TRUE(waited.tuned) << "a cache hit keeps what the winner's own result says";
}

TEST(Verdict, AWinnerChosenWithoutMeasuringSaysWhy) {
  const auto why = [](Source source) {
    const TuningResult r = decision(source).kernel.result;
    EXPECT_FALSE(r.tuned);
    return r.not_tuned;
  };
  EXPECT_EQ(why(Source::disabled), "TILETUNE_DISABLE");
  EXPECT_EQ(why(Source::pinned), "TILETUNE_MODE=pinned and no stored winner");
  EXPECT_EQ(why(Source::provisional), "the stream was capturing a CUDA graph");
  EXPECT_EQ(why(Source::root_chose), "the root rank chose it without measuring");
  EXPECT_TRUE(decision(Source::root_chose).kernel.result.from_root);
}

TEST(Verdict, AStoredWinnerIsOneLineNamingTheFileAtLogLevelOne) {
  EXPECT_EQ(told(Source::results_file, 0, "/c/results.txt"), "");
  EXPECT_EQ(told(Source::results_file, 1, "/c/results.txt"),
            "tiletune: vadd.cu:3 vadd<$tile>: tile=128 from /c/results.txt\n");
  EXPECT_EQ(told(Source::another_process, 1, "/c/results.txt"),
            "tiletune: vadd.cu:3 vadd<$tile>: tile=128 from /c/results.txt\n");
}

TEST(Verdict, AWinnerFromTheRootRankIsSaidAtEveryLevel) {
  EXPECT_EQ(told(Source::root_measured, 0),
            "tiletune: vadd.cu:3 vadd<$tile>: adopted the root rank's winner tile=128 (measured "
            "there); not measured here\n");
  EXPECT_EQ(told(Source::root_chose, 0, "NVIDIA H100 sm_90 132SM"),
            "tiletune: vadd.cu:3 vadd<$tile>: adopted the root rank's winner tile=128 (chosen "
            "without measuring there, on NVIDIA H100 sm_90 132SM); not measured here\n");
}

TEST(Verdict, APinnedOrProvisionalWinnerIsItsTableThenALineThatSaysSo) {
  const std::string pinned = told(Source::pinned, 1, "/c/results.txt");
  const std::size_t table = pinned.find("[not tuned: TILETUNE_MODE=pinned and no stored winner]");
  const std::size_t line = pinned.find(
      "tiletune: vadd.cu:3 vadd<$tile>: TILETUNE_MODE=pinned and no stored winner in "
      "/c/results.txt: using tile=128, the first configuration that builds\n");
  ASSERT_NE(table, std::string::npos) << pinned;
  ASSERT_NE(line, std::string::npos) << pinned;
  EXPECT_LT(table, line);
  EXPECT_EQ(told(Source::provisional, 0),
            "tiletune: vadd.cu:3 vadd<$tile>: the stream is capturing a CUDA graph: tile=128 (the "
            "first configuration that builds) is captured untuned; the site tunes at its next "
            "launch outside capture\n");
}

TEST(Verdict, AWinnerTakenFromAnotherThreadSaysNothing) {
  EXPECT_EQ(told(Source::another_thread, 2), "");
}

}  // namespace
}  // namespace tiletune::detail
