// An annotation's text as the preprocessor chose it: a `#if`/`#ifdef`/`#else`/`#endif` inside
// TILETUNE(...) (where nvcc takes one inside a launch's arguments) leaves its taken branch only.
// The branches not taken and the conditional directives' own lines become blanks, line breaks
// kept, so that every offset into the text stays the written column. Other directives stay: the
// annotation parser refuses them (`#define` there would define a macro for the code after it,
// which the rewritten site no longer holds).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tiletune::tool {

// Blanks [begin, end) of `text` (clipped to it), keeping its line breaks, so that what follows
// keeps its line and column.
void blank(std::string& text, std::size_t begin, std::size_t end);

// A conditional directive's line (#if, #ifdef, #ifndef, #elif, #elifdef, #elifndef, #else,
// #endif): [begin, end) in the text scanned, line splices included; `name` without the '#'.
struct ConditionalDirective {
  std::size_t begin = 0, end = 0;
  std::string name;
};

// The conditional directives of `text`, in order; a '#' in a comment or a literal is none.
std::vector<ConditionalDirective> conditional_directives(std::string_view text);

struct ResolvedText {
  std::string text;
  // The conditional directives' lines, as written, in order: the rewritten site keeps them after
  // its code, so that a conditional the annotation opens or closes stays balanced around it.
  std::vector<std::string> directives;
};

// `text` starts at offset `text_begin` of its file; `skipped` are the file offsets [begin, end)
// of the ranges the preprocessor skipped (each from a conditional directive to the one that ends
// the skipping, both included).
ResolvedText resolve_conditionals(std::string text, unsigned text_begin,
                                  const std::vector<std::pair<unsigned, unsigned>>& skipped);

}  // namespace tiletune::tool
