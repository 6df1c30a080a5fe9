// `$#N` in a name expression: the launch key's value N, which is how a Constant(...) argument's
// value reaches the entry kernel's template argument.
#include "instantiation/name_expression.h"

#include <tiletune/error.h>

#include <gtest/gtest.h>

namespace tiletune {
namespace {

TEST(NameExpressionKey, SubstitutesKeyValuesAndAxes) {
  Space s = Space::cartesian({{"tile", {128}}});
  Key k = key(4096, -3, 7);
  EXPECT_EQ(
      detail::substitute_axes("ns::tt_entry_k<$#1, $#2, $tile>", s, s.configurations()[0], &k),
      "ns::tt_entry_k<(-3), (7), (128)>");
}

TEST(NameExpressionKey, RefusesAMissingKeyValue) {
  Space s = Space::cartesian({{"tile", {128}}});
  Key k = key(4096);
  EXPECT_THROW(detail::substitute_axes("k<$#1>", s, s.configurations()[0], &k), Error);
  EXPECT_THROW(detail::substitute_axes("k<$#0>", s, s.configurations()[0]), Error);
  EXPECT_THROW(detail::substitute_axes("k<$#>", s, s.configurations()[0], &k), Error);
}

}  // namespace
}  // namespace tiletune
