#include "instantiation/launch_bounds.h"

namespace tiletune::detail {

bool passes_launch_bounds(std::string_view name_expression) {
  return name_expression.find(rules::kMaxThreadsArgument) != std::string_view::npos ||
         name_expression.find(rules::kMinBlocksArgument) != std::string_view::npos;
}

std::optional<std::string> launch_bounds_option(std::string_view source, unsigned threads,
                                                unsigned min_blocks_per_sm) {
  if (threads == 0 || source.find(rules::kLaunchBoundsMacro) == std::string_view::npos)
    return std::nullopt;
  std::string bounds = "__launch_bounds__(" + std::to_string(threads);
  if (min_blocks_per_sm > 0) bounds += ", " + std::to_string(min_blocks_per_sm);
  return std::string("-D") + rules::kLaunchBoundsMacro + "=" + bounds + ")";
}

}  // namespace tiletune::detail
