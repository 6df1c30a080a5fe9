// The configurations next to one: one value up or down along each axis, the others unchanged,
// skipping the values a constrained space leaves out there.
#include "tune/search/neighbourhood.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace tiletune::detail {
namespace {

std::vector<std::string> described(const Space& space, std::vector<std::size_t> indices) {
  std::vector<std::string> out;
  for (std::size_t i : indices) out.push_back(space.describe(space.configurations()[i]));
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t index_of(const Space& space, const Config& config) {
  const std::vector<Config>& all = space.configurations();
  return static_cast<std::size_t>(std::find(all.begin(), all.end(), config) - all.begin());
}

TEST(Neighbourhood, OneValueUpOrDownAlongEachAxis) {
  const Space space = Space::cartesian({{"tile", {32, 64, 128}}, {"unroll", {1, 2, 4}}});
  const Neighbourhood around(space);
  EXPECT_EQ(described(space, around.of(index_of(space, Config{64, 2}))),
            (std::vector<std::string>{"tile=128 unroll=2", "tile=32 unroll=2", "tile=64 unroll=1",
                                      "tile=64 unroll=4"}));
  // At an axis's end there is one side only.
  EXPECT_EQ(described(space, around.of(index_of(space, Config{32, 1}))),
            (std::vector<std::string>{"tile=32 unroll=2", "tile=64 unroll=1"}));
}

TEST(Neighbourhood, SkipsValuesTheSpaceLeavesOutThere) {
  // tile=64 is not in the space with unroll=4: the next value up from tile=32 there is 128.
  const Space space = Space::cartesian({{"tile", {32, 64, 128}}, {"unroll", {1, 4}}},
                                       [](const Config& c) { return !(c[0] == 64 && c[1] == 4); });
  const Neighbourhood around(space);
  EXPECT_EQ(described(space, around.of(index_of(space, Config{32, 4}))),
            (std::vector<std::string>{"tile=128 unroll=4", "tile=32 unroll=1"}));
  // Values not in the space at all along an axis are no neighbours.
  EXPECT_EQ(described(space, around.of(index_of(space, Config{64, 1}))),
            (std::vector<std::string>{"tile=128 unroll=1", "tile=32 unroll=1"}));
}

}  // namespace
}  // namespace tiletune::detail
