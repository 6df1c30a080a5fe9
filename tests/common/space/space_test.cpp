#include <tiletune/error.h>
#include <tiletune/space.h>

#include <string>
#include <vector>

#include "instantiation/name_expression.h"

#include <gtest/gtest.h>

namespace tiletune {
namespace {

TEST(Space, CartesianEnumeratesFirstAxisOutermost) {
  Space s = Space::cartesian({{"a", {1, 2}}, {"b", {10, 20, 30}}});
  ASSERT_EQ(s.size(), 6u);
  EXPECT_EQ(s.configurations()[0], (Config{1, 10}));
  EXPECT_EQ(s.configurations()[1], (Config{1, 20}));
  EXPECT_EQ(s.configurations()[3], (Config{2, 10}));
  EXPECT_EQ(s.axis_index("b"), 1);
  EXPECT_EQ(s.axis_index("c"), -1);
  EXPECT_EQ(s.describe(s.configurations()[5]), "a=2 b=30");
}

TEST(Space, ConstraintFilters) {
  Space s = Space::cartesian({{"a", {1, 2, 3, 4}}, {"b", {1, 2}}},
                             [](const Config& c) { return c[0] % c[1] == 0; });
  EXPECT_EQ(s.size(), 6u);  // b=1: all four; b=2: a=2, a=4
}

TEST(Space, ListKeepsOrderAndChecksRows) {
  Space s = Space::list({"a", "b"}, {{3, 4}, {1, 2}});
  EXPECT_EQ(s.configurations()[0], (Config{3, 4}));
  EXPECT_THROW(Space::list({"a", "b"}, {{1}}), Error);
}

TEST(Space, RejectsRepeatedAndEmptyAxes) {
  EXPECT_THROW(Space::cartesian({{"a", {1}}, {"a", {2}}}), Error);
  EXPECT_THROW(Space::cartesian({{"a", {}}}), Error);
}

// rules::kMaxAxes is the one limit: a space of 16 axes enumerates, one of 17 is refused, as the
// tool refuses it at build time.
TEST(Space, HoldsUpToSixteenAxes) {
  std::vector<Space::Axis> axes;
  for (int i = 0; i < rules::kMaxAxes; ++i) axes.push_back({"a" + std::to_string(i), {1, 2}});
  axes[0].values = {1, 2, 3};
  Space s = Space::cartesian(axes);
  ASSERT_EQ(s.size(), std::size_t{3} << 15);
  EXPECT_EQ(s.configurations().back()[15], 2);
  EXPECT_EQ(s.configurations().back().size(), 16);
  axes.push_back({"a16", {1}});
  EXPECT_THROW(Space::cartesian(axes), Error);
  EXPECT_THROW(Space::list({"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
                            "o", "p", "q"},
                           {}),
               Error);
}

TEST(Space, ChecksumChangesWithTheSpace) {
  Space a = Space::cartesian({{"tile", {64, 128}}});
  Space b = Space::cartesian({{"tile", {64, 256}}});
  Space c = Space::cartesian({{"tiles", {64, 128}}});
  EXPECT_EQ(a.checksum(), Space::cartesian({{"tile", {64, 128}}}).checksum());
  EXPECT_NE(a.checksum(), b.checksum());
  EXPECT_NE(a.checksum(), c.checksum());
}

TEST(NameExpression, SubstitutesWholeAxisNames) {
  Space s = Space::cartesian({{"tile", {128}}, {"tile2", {7}}});
  EXPECT_EQ(detail::substitute_axes("k<$tile, $tile2>", s, s.configurations()[0]), "k<(128), (7)>");
  EXPECT_THROW(detail::substitute_axes("k<$nope>", s, s.configurations()[0]), Error);
}

}  // namespace
}  // namespace tiletune
