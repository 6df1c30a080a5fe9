// The results file's optional fields (runner-up, the median configuration's time, every measured
// configuration): written by a tuning, read back, absent from older files, refused when malformed.
#include "results_text.h"
#include "runtime.h"
#include "store/results_format.h"
#include "support/fake_device.h"
#include "support/temporary_directory.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tiletune {
namespace {

using detail::parse_results;
using detail::StoredResult;
using testing::vadd_block;

TEST(ResultsFields, RoundTrip) {
  const std::string text = vadd_block("4096", "tile=128 occupancy=2", 0.5,
                                      "runner_up = tile=256 occupancy=1\n"
                                      "runner_up_ms = 0.75\n"
                                      "space_median_ms = 1.5\n"
                                      "measured = tile=64 occupancy=1 2\n"
                                      "measured = tile=128 occupancy=2 0.5\n"
                                      "measured = tile=256 occupancy=1 0.75\n");
  std::vector<std::string> problems;
  const std::vector<StoredResult> parsed = parse_results(text, "r.txt", &problems);
  ASSERT_EQ(parsed.size(), 1u);
  EXPECT_TRUE(problems.empty());
  const StoredResult& r = parsed[0];
  ASSERT_TRUE(r.runner_up);
  EXPECT_EQ(*r.runner_up, (Config{256, 1}));
  EXPECT_EQ(r.runner_up_ms, 0.75);
  EXPECT_EQ(r.space_median_ms, 1.5);
  ASSERT_EQ(r.measured.size(), 3u);
  EXPECT_EQ(r.measured[0].config, (Config{64, 1}));
  EXPECT_EQ(r.measured[0].median_ms, 2);

  const std::vector<StoredResult> again =
      parse_results(detail::format_results(parsed), "again", &problems);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].runner_up, r.runner_up);
  EXPECT_EQ(again[0].runner_up_ms, r.runner_up_ms);
  EXPECT_EQ(again[0].space_median_ms, r.space_median_ms);
  ASSERT_EQ(again[0].measured.size(), 3u);
  EXPECT_EQ(again[0].measured[2].config, (Config{256, 1}));
  EXPECT_EQ(again[0].measured[2].median_ms, 0.75);
}

TEST(ResultsFields, AnOlderFileHasNone) {
  std::vector<std::string> problems;
  const std::vector<StoredResult> parsed =
      parse_results(vadd_block("4096", "tile=128 occupancy=2", 0.5), "old.txt", &problems);
  ASSERT_EQ(parsed.size(), 1u);
  EXPECT_TRUE(problems.empty());
  EXPECT_FALSE(parsed[0].runner_up);
  EXPECT_FALSE(parsed[0].runner_up_ms);
  EXPECT_FALSE(parsed[0].space_median_ms);
  EXPECT_TRUE(parsed[0].measured.empty());
  EXPECT_EQ(detail::format_results(parsed).find("runner_up"), std::string::npos);
}

struct Malformed {
  std::string line;
  std::string says;
};

class MalformedField : public ::testing::TestWithParam<Malformed> {};

TEST_P(MalformedField, IgnoresTheBlockAndSaysWhere) {
  const std::string text = vadd_block("4096", "tile=128 occupancy=2", 0.5, GetParam().line + "\n");
  std::vector<std::string> problems, unreadable;
  EXPECT_TRUE(parse_results(text, "r.txt", &problems, &unreadable).empty());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("r.txt:"), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find(GetParam().says), std::string::npos) << problems[0];
  EXPECT_EQ(unreadable.size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(
    Lines, MalformedField,
    ::testing::Values(Malformed{"runner_up = tile", "runner_up 'tile' is not a list"},
                      Malformed{"runner_up = tile=1 other=2", "names other axes than best"},
                      Malformed{"runner_up_ms = fast", "runner_up_ms 'fast' is not a number"},
                      Malformed{"space_median_ms = ", "space_median_ms '' is not a number"},
                      Malformed{"measured = tile=64 occupancy=1", "does not end in a time"},
                      Malformed{"measured = 2", "does not end in a time"},
                      Malformed{"measured = tile=64 2", "names other axes than best"}));

TEST(ResultsFields, OtherAxesBeforeBestAreCaughtAtTheEnd) {
  // runner_up before best: its names cannot be compared yet, its count of values can.
  const std::string text =
      "[s]\nrunner_up = tile=1\ndevice = d\nkey = 1\nspace = 5f0c8b1d9a3e2c47\n"
      "best = tile=1 occupancy=2\n";
  std::vector<std::string> problems;
  EXPECT_TRUE(parse_results(text, "r.txt", &problems).empty());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("r.txt:1: "), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find("other axes than best"), std::string::npos) << problems[0];
}

// A tuning on the fake device stores every configuration's median, the runner-up and the
// median configuration's time.
TEST(ResultsFields, ATuningStoresThem) {
  testing::TemporaryDirectory dir;
  // Time by tile: 64 -> 3 ms, 128 -> 1 ms, 256 -> 2 ms, 512 -> 4 ms.
  auto cost = [](const std::string& variant, const Geometry&) {
    if (variant.find("(64)") != std::string::npos) return 3.0;
    if (variant.find("(128)") != std::string::npos) return 1.0;
    if (variant.find("(256)") != std::string::npos) return 2.0;
    return 4.0;
  };
  RuntimeOptions options;
  options.log = nullptr;
  options.results_file = dir / "results.txt";
  Runtime runtime(std::make_unique<testing::FakeDevice>(cost),
                  std::make_shared<testing::FakeCompiler>(), options);
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = 12;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd() {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256, 512}}});
  Site site(info, &runtime);
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(
      key(n),
      [&](const Config& c) {
        return Geometry{Dim(n / c[0]), Dim(c[0]), 0, nullptr};
      },
      args);

  std::vector<std::string> problems;
  const std::vector<char> bytes = testing::read_bytes(dir / "results.txt");
  const std::vector<StoredResult> stored =
      parse_results(std::string(bytes.begin(), bytes.end()), "results.txt", &problems);
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].best, Config{128});
  EXPECT_EQ(stored[0].runner_up, Config{256});
  EXPECT_EQ(stored[0].runner_up_ms, 2.0);
  EXPECT_EQ(stored[0].space_median_ms, 2.5);  // the mean of the middle two of 1, 2, 3, 4
  ASSERT_EQ(stored[0].measured.size(), 4u);
  EXPECT_EQ(stored[0].measured[0].config, Config{64});
  EXPECT_EQ(stored[0].measured[0].median_ms, 3.0);
  EXPECT_EQ(stored[0].measured[3].median_ms, 4.0);
}

}  // namespace
}  // namespace tiletune
