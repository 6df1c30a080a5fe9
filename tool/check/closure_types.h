// Template arguments that name a lambda's closure type (decltype(f) of a local lambda, or of a
// lambda written in place). The tool passes template arguments to NVRTC as text, and a closure
// type exists only in the translation unit that wrote the lambda: NVRTC cannot name it.
#pragma once

#include <clang/AST/Decl.h>

#include <string>

namespace tiletune::tool {

// `text`, a template argument written at `site`, is decltype(...) of a lambda. `enclosing` is the
// innermost function whose body holds the site (SiteLaunches::enclosing; null: none): a local
// lambda is looked for in the functions around the site, not in the whole translation unit.
bool names_closure_type(const std::string& text, const clang::FunctionDecl* enclosing,
                        clang::SourceLocation site);

}  // namespace tiletune::tool
