// Evaluates an annotation expression's tree for one configuration, at build time.
#pragma once

#include "annotation/annotation.h"

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// nullopt when the value cannot be known here: an undefined `$name`, division by zero, overflow.
std::optional<long long> evaluate(const ExprNode& node, const std::vector<std::string>& axes,
                                  const std::vector<long long>& values);

}  // namespace tiletune::tool
