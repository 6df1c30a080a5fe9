#include "name_expression.h"

#include <tiletune/error.h>

#include <cctype>

namespace tiletune::detail {

std::string substitute_axes(std::string_view text, const Space& space, const Config& config) {
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '$') {
      out += text[i++];
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && is_ident(text[end])) ++end;
    std::string_view name = text.substr(i + 1, end - i - 1);
    int axis = space.axis_index(name);
    if (axis < 0)
      throw Error("tiletune: `$" + std::string(name) + "` in `" + std::string(text) +
                  "` names no axis of the space");
    out += '(' + std::to_string(config[axis]) + ')';
    i = end;
  }
  return out;
}

}  // namespace tiletune::detail
