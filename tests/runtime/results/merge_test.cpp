// Merging results files: the majority winner per identity, a tie to the fastest median, conflicts
// listed with each file's winner, malformed blocks reported and left out.
#include "results/merge.h"
#include "results_text.h"

#include <gtest/gtest.h>

namespace tiletune::results {
namespace {

using testing::vadd_block;

const std::string kA = "tile=128 occupancy=2", kB = "tile=256 occupancy=1";

TEST(Merge, KeepsTheWinnerMostFilesChose) {
  const Merged m = merge({{"a", vadd_block("4096", kA, 1.0)},
                          {"b", vadd_block("4096", kB, 0.5)},
                          {"c", vadd_block("4096", kA, 1.2)}});
  ASSERT_EQ(m.results.size(), 1u);
  EXPECT_EQ(m.results[0].best, (Config{128, 2}));
  EXPECT_EQ(m.results[0].median_ms, 1.0);  // the fastest of the files that agree
  ASSERT_EQ(m.conflicts.size(), 1u);
  const std::string& c = m.conflicts[0];
  EXPECT_NE(c.find("key=(4096)"), std::string::npos) << c;
  EXPECT_NE(c.find("a: tile=128 occupancy=2 (1 ms)"), std::string::npos) << c;
  EXPECT_NE(c.find("b: tile=256 occupancy=1 (0.5 ms)"), std::string::npos) << c;
  EXPECT_NE(c.find("c: tile=128 occupancy=2 (1.2 ms)"), std::string::npos) << c;
  EXPECT_NE(c.find("kept tile=128 occupancy=2 (2 of 3)"), std::string::npos) << c;
  EXPECT_TRUE(m.problems.empty());
}

TEST(Merge, ATieGoesToTheFastestMedian) {
  const Merged m = merge({{"a", vadd_block("4096", kA, 1.0)}, {"b", vadd_block("4096", kB, 0.5)}});
  ASSERT_EQ(m.results.size(), 1u);
  EXPECT_EQ(m.results[0].best, (Config{256, 1}));
  ASSERT_EQ(m.conflicts.size(), 1u);
  EXPECT_NE(m.conflicts[0].find("kept tile=256 occupancy=1 (1 of 2)"), std::string::npos);
}

TEST(Merge, AgreementIsNoConflictAndTheFastestFileIsKept) {
  const Merged m = merge({{"a", vadd_block("4096", kA, 1.0, "runner_up = " + kB + "\n")},
                          {"b", vadd_block("4096", kA, 0.9, "runner_up_ms = 3\n")}});
  ASSERT_EQ(m.results.size(), 1u);
  EXPECT_TRUE(m.conflicts.empty());
  EXPECT_EQ(m.results[0].median_ms, 0.9);
  EXPECT_EQ(m.results[0].runner_up_ms, 3.0);  // the whole block of the file kept
}

TEST(Merge, IdentitiesStaySeparate) {
  // Another key, another space checksum: three identities, nothing to choose between.
  const Merged m = merge({{"a", vadd_block("4096", kA, 1.0) + vadd_block("8192", kB, 2.0)},
                          {"b", vadd_block("4096", kB, 0.5, "", "00000000000000ff")}});
  ASSERT_EQ(m.results.size(), 3u);
  EXPECT_TRUE(m.conflicts.empty());
  EXPECT_EQ(m.results[0].key, key(4096));
  EXPECT_EQ(m.results[1].key, key(8192));
  EXPECT_EQ(m.results[2].space_checksum, 0xffu);
}

TEST(Merge, MalformedBlocksAreReportedAndLeftOut) {
  const Merged m = merge({{"a.txt", vadd_block("4096", kA, 1.0)},
                          {"b.txt", vadd_block("4096", kB, 0.5) + vadd_block("oops", kB, 0.1)}});
  ASSERT_EQ(m.results.size(), 1u);
  EXPECT_EQ(m.results[0].best, (Config{256, 1}));  // the tie, to the faster good block
  ASSERT_EQ(m.problems.size(), 1u);
  EXPECT_EQ(m.problems[0].rfind("b.txt:12: key 'oops'", 0), 0u) << m.problems[0];
}

TEST(Merge, NoInputsNoResults) {
  const Merged m = merge({{"empty", ""}});
  EXPECT_TRUE(m.results.empty());
  EXPECT_TRUE(m.conflicts.empty());
  EXPECT_TRUE(m.problems.empty());
}

}  // namespace
}  // namespace tiletune::results
