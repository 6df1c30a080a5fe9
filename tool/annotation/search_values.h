// The values of `search`, `budget` and `seed`, read once for the checks and the generated code.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

// The strategies `search` accepts, and the runtime's enumerator for each ("" when unknown).
const std::vector<std::string>& search_strategy_names();
std::string search_strategy_enumerator(std::string_view name);

// Seconds of a budget written as a number and a unit: 5s, 2.5s, 500ms, 1min; nullopt when it is
// not one of those.
std::optional<double> budget_seconds(std::string_view text);

// `text` trimmed of spaces (the annotation's values keep the spaces around them).
std::string_view trimmed(std::string_view text);

}  // namespace tiletune::tool
