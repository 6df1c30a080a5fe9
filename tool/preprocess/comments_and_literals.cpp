#include "preprocess/comments_and_literals.h"

#include <algorithm>

namespace tiletune::tool {

std::size_t past_comment_or_literal(llvm::StringRef text, std::size_t i) {
  const std::size_t n = text.size();
  if (text.substr(i).starts_with("//")) {
    while (i < n && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
    return std::min(i, n);
  }
  if (text.substr(i).starts_with("/*")) {
    const std::size_t end = text.find("*/", i + 2);
    return end == llvm::StringRef::npos ? n : end + 2;
  }
  if (i < n && (text[i] == '"' || text[i] == '\'')) {
    const char quote = text[i];
    for (++i; i < n && text[i] != quote && text[i] != '\n'; ++i)
      if (text[i] == '\\') ++i;
    return std::min(i + 1, n);
  }
  return i;
}

}  // namespace tiletune::tool
