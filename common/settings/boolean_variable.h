// How an environment variable that turns something on or off reads, for the runtime and the tool
// alike (TILETUNE_DISABLE, TILETUNE_COMPILE_PROCESSES, TILETUNE_PCH's on and off,
// TILETUNE_DEVICE_CHECK): one set of spellings, and one warning for anything else, which then
// counts as unset. A person writes `false` or `no` as often as `0`; taking only `0` as off would
// leave the others on without a word.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace tiletune::settings {

// The spellings, for messages.
inline constexpr std::string_view kBooleanSpellings = "1, true, yes, on or 0, false, no, off";

// "1", "true", "yes", "on" are true; "0", "false", "no", "off" false, in any case; anything else
// nullopt.
std::optional<bool> parse_boolean(std::string_view text);

// Where a warning goes: the whole message, without the program's prefix.
using Warn = std::function<void(const std::string& message)>;

// The variable `name` as a boolean. Unset or empty: `unset`. Not one of the spellings: `unset`,
// after one call to `warn` naming the variable, its value, the spellings and the value used.
bool boolean_variable(const char* name, bool unset, const Warn& warn);

// The warning boolean_variable gives for `value` (also for variables that take a word besides
// the spellings: `others` names those, as in "auto, "; `used` is the value used, in words).
std::string not_a_boolean(const char* name, std::string_view value, std::string_view others,
                          std::string_view used);

}  // namespace tiletune::settings
