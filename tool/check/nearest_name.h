// "Did you mean ...?": the candidate closest to a misspelt name.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

// The candidate within a few edits of `name` (about half its length), nearest first; "" if none.
std::string nearest_name(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace tiletune::tool
