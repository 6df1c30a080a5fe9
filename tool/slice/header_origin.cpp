#include "slice/header_origin.h"

#include "slice/include_policy.h"

#include <llvm/Support/Path.h>

#include <algorithm>

namespace tiletune::tool {

void SliceIncludes::add(const std::string& header) {
  if (!contains(header)) headers_.push_back(header);
}

bool SliceIncludes::contains(const std::string& header) const {
  return std::find(headers_.begin(), headers_.end(), header) != headers_.end();
}

namespace {

// The innermost public toolkit header on the chain and the user's include when NVRTC compiles it;
// failing both, the outermost NVRTC-compilable header on the chain.
std::vector<std::string> toolkit_headers(const std::optional<std::string>& innermost_public,
                                         const std::optional<std::string>& user_include,
                                         const std::optional<std::string>& outermost) {
  std::vector<std::string> headers;
  if (innermost_public) headers.push_back(*innermost_public);
  if (user_include && nvrtc_compiles_header(*user_include)) headers.push_back(*user_include);
  if (headers.empty() && outermost) headers.push_back(*outermost);
  return headers;
}

}  // namespace

HeaderOrigin HeaderOrigins::origin_of(clang::FileID file) const {
  HeaderOrigin origin;
  std::optional<std::string> innermost_public, outermost;
  for (int depth = 0; file.isValid() && depth < 64; ++depth) {
    clang::SourceLocation from = sm_.getIncludeLoc(file);
    if (from.isInvalid()) break;
    const IncludeDirective* directive = preprocessor_.directive_for(file);
    if (directive && nvrtc_compiles_header(directive->name)) {
      outermost = directive->name;
      if (!innermost_public && nvrtc_public_header(directive->name))
        innermost_public = directive->name;
    }
    clang::FileID includer = sm_.getFileID(sm_.getExpansionLoc(from));
    if (!sm_.getFileEntryRefForID(includer)) break;  // -include, predefines
    if (!sm_.isInSystemHeader(sm_.getLocForStartOfFile(includer))) {
      if (directive) origin.user_include = directive->name;
      break;
    }
    file = includer;
  }
  origin.toolkit_headers = toolkit_headers(innermost_public, origin.user_include, outermost);
  return origin;
}

std::optional<std::string> HeaderOrigins::standard_header_of(clang::FileID file) const {
  for (int depth = 0; file.isValid() && depth < 64; ++depth) {
    clang::OptionalFileEntryRef entry = sm_.getFileEntryRefForID(file);
    if (!entry) return std::nullopt;
    llvm::StringRef name = llvm::sys::path::filename(entry->getName());
    if (!name.contains('.')) return name.str();
    clang::SourceLocation from = sm_.getIncludeLoc(file);
    if (from.isInvalid()) return std::nullopt;
    file = sm_.getFileID(sm_.getExpansionLoc(from));
  }
  return std::nullopt;
}

}  // namespace tiletune::tool
