// The one rule for variables that turn something on or off, as the runtime and the tool read them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "settings/boolean_variable.h"

namespace tiletune::settings {
namespace {

TEST(BooleanVariable, EverySpellingInAnyCase) {
  for (const char* on : {"1", "true", "yes", "on", "TRUE", "Yes", "oN"})
    EXPECT_EQ(parse_boolean(on), true) << on;
  for (const char* off : {"0", "false", "no", "off", "FALSE", "No", "OFF"})
    EXPECT_EQ(parse_boolean(off), false) << off;
  for (const char* neither : {"", "2", "-1", "y", "n", "enabled", "true ", " 0", "00", "yess"})
    EXPECT_EQ(parse_boolean(neither), std::nullopt) << "'" << neither << "'";
}

TEST(BooleanVariable, UnsetOrEmptyIsTheDefaultWithoutAWord) {
  std::vector<std::string> warnings;
  const Warn warn = [&](const std::string& message) { warnings.push_back(message); };
  ::unsetenv("TILETUNE_TEST_BOOLEAN");
  EXPECT_TRUE(boolean_variable("TILETUNE_TEST_BOOLEAN", true, warn));
  ::setenv("TILETUNE_TEST_BOOLEAN", "", 1);
  EXPECT_FALSE(boolean_variable("TILETUNE_TEST_BOOLEAN", false, warn));
  ::setenv("TILETUNE_TEST_BOOLEAN", "off", 1);
  EXPECT_FALSE(boolean_variable("TILETUNE_TEST_BOOLEAN", true, warn));
  EXPECT_TRUE(warnings.empty());
  ::unsetenv("TILETUNE_TEST_BOOLEAN");
}

TEST(BooleanVariable, AnythingElseIsTheDefaultAfterOneWarning) {
  std::vector<std::string> warnings;
  ::setenv("TILETUNE_TEST_BOOLEAN", "enabled", 1);
  EXPECT_TRUE(boolean_variable("TILETUNE_TEST_BOOLEAN", true,
                               [&](const std::string& message) { warnings.push_back(message); }));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0],
            "TILETUNE_TEST_BOOLEAN='enabled' is not on or off (accepted: 1, true, yes, on or 0, "
            "false, no, off); using 1");
  ::unsetenv("TILETUNE_TEST_BOOLEAN");
}

}  // namespace
}  // namespace tiletune::settings
