// show: a table per site; the winner, its median, the runner-up and the ratio to the median
// configuration; "-" for what an older file lacks.
#include "results/show.h"
#include "results_text.h"

#include <gtest/gtest.h>

namespace tiletune::results {
namespace {

using testing::vadd_block;

std::vector<detail::StoredResult> parsed(const std::string& text) {
  std::vector<std::string> problems;
  auto r = detail::parse_results(text, "r.txt", &problems);
  EXPECT_TRUE(problems.empty());
  return r;
}

TEST(Show, ATableOfEachSite) {
  const std::string text =
      vadd_block("4096", "tile=128 occupancy=2", 0.5,
                 "runner_up = tile=256 occupancy=1\nrunner_up_ms = 0.75\nspace_median_ms = 1\n") +
      "\n[scale.cu:3 scale]\ndevice = d\nkey = 7, 8\nspace = 5f0c8b1d9a3e2c47\nbest = w=4\n"
      "median_ms = 2\n";
  EXPECT_EQ(show(parsed(text)),
            "[vadd.cu:12 vadd<$tile>]\n"
            "device                   key     hints                   winner                "
            "median_ms  runner-up             its ms  timed  vs median config\n"
            "NVIDIA H100 sm_90 132SM  (4096)  occupancy=0 num_ctas=0  tile=128 occupancy=2  "
            "0.5        tile=256 occupancy=1  0.75    eager  2.00x faster\n"
            "\n"
            "[scale.cu:3 scale]\n"
            "device  key     hints                   winner  median_ms  runner-up  its ms  timed  "
            "vs median config\n"
            "d       (7, 8)  occupancy=0 num_ctas=0  w=4     2          -          -       eager  "
            "-\n");
}

// The measuring mode and a budget that ended the tuning early, as the block says them.
TEST(Show, HowTheWinnerWasTimed) {
  const std::string out = show(parsed(
      vadd_block("4096", "tile=128 occupancy=2", 0.5, "measure = graph\n") +
      vadd_block("8192", "tile=256 occupancy=2", 0.9, "stopped = budget\nmeasure = cold\n")));
  EXPECT_NE(out.find("0.5        -          -       graph  "), std::string::npos) << out;
  EXPECT_NE(out.find("0.9        -          -       cold; stopped: budget  "), std::string::npos)
      << out;
}

TEST(Show, RowsOfOneSiteShareItsTable) {
  const std::string out = show(parsed(vadd_block("4096", "tile=128 occupancy=2", 0.5) +
                                      vadd_block("8192", "tile=256 occupancy=2", 0.9)));
  EXPECT_EQ(out.find("[vadd.cu:12 vadd<$tile>]"), 0u);
  EXPECT_EQ(out.find("[vadd.cu:12", 1), std::string::npos) << out;
  EXPECT_NE(out.find("(8192)"), std::string::npos) << out;
}

}  // namespace
}  // namespace tiletune::results
