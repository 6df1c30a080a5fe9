// Template arguments that name a lambda's closure type (decltype(f) of a local lambda, or of a
// lambda written in place). The tool passes template arguments to NVRTC as text, and a closure
// type exists only in the translation unit that wrote the lambda: NVRTC cannot name it.
#pragma once

#include <clang/AST/ASTContext.h>

#include <string>

namespace tiletune::tool {

// `text`, a template argument written at `site`, is decltype(...) of a lambda.
bool names_closure_type(clang::ASTContext& context, const std::string& text,
                        clang::SourceLocation site);

}  // namespace tiletune::tool
