#include "settings/boolean_variable.h"

#include <array>
#include <cctype>
#include <cstdlib>

namespace tiletune::settings {
namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

}  // namespace

std::optional<bool> parse_boolean(std::string_view text) {
  constexpr std::array<std::string_view, 4> kTrue = {"1", "true", "yes", "on"};
  constexpr std::array<std::string_view, 4> kFalse = {"0", "false", "no", "off"};
  for (std::string_view spelling : kTrue)
    if (same_ignoring_case(text, spelling)) return true;
  for (std::string_view spelling : kFalse)
    if (same_ignoring_case(text, spelling)) return false;
  return std::nullopt;
}

std::string not_a_boolean(const char* name, std::string_view value, std::string_view others,
                          std::string_view used) {
  return std::string(name) + "='" + std::string(value) +
         "' is not on or off (accepted: " + std::string(others) + std::string(kBooleanSpellings) +
         "); using " + std::string(used);
}

bool boolean_variable(const char* name, bool unset, const Warn& warn) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return unset;
  if (const std::optional<bool> value = parse_boolean(text)) return *value;
  if (warn) warn(not_a_boolean(name, text, "", unset ? "1" : "0"));
  return unset;
}

}  // namespace tiletune::settings
