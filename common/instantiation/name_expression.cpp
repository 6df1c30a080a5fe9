#include "instantiation/name_expression.h"

#include <tiletune/error.h>

#include <cctype>

namespace tiletune::detail {

std::string substitute_axes(std::string_view text, const Space& space, const Config& config,
                            const Key* key, const LaunchBounds* bounds) {
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '$') {
      out += text[i++];
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '@') {
      std::size_t end = i + 2;
      while (end < text.size() && is_ident(text[end])) ++end;
      const std::string_view placeholder = text.substr(i, end - i);
      const bool threads = placeholder == rules::kMaxThreadsArgument;
      if (!threads && placeholder != rules::kMinBlocksArgument)
        throw Error("tiletune: `" + std::string(placeholder) + "` in `" + std::string(text) +
                    "` is no launch bound: " + rules::kMaxThreadsArgument + " and " +
                    rules::kMinBlocksArgument + " are");
      if (!bounds || bounds->max_threads == 0)
        throw Error("tiletune: `" + std::string(placeholder) + "` in `" + std::string(text) +
                    "` needs the configuration's launch bounds, but its block size is not fixed "
                    "per configuration");
      out += '(' + std::to_string(threads ? bounds->max_threads : bounds->min_blocks) + ')';
      i = end;
      continue;
    }
    if (i + 1 < text.size() && text[i + 1] == '#') {
      std::size_t end = i + 2;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      std::string_view digits = text.substr(i + 2, end - i - 2);
      int index = digits.empty() ? -1 : std::stoi(std::string(digits));
      if (index < 0 || !key || index >= key->size)
        throw Error("tiletune: `" + std::string(text.substr(i, end - i)) + "` in `" +
                    std::string(text) + "` needs launch key value " +
                    (digits.empty() ? std::string("(no index)") : std::string(digits)) +
                    ", but the key has " + std::to_string(key ? key->size : 0));
      out += '(' + std::to_string(key->values[static_cast<std::size_t>(index)]) + ')';
      i = end;
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
