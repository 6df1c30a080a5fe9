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

void SliceIncludes::add_line(const std::string& line) {
  if (!has_line(line)) lines_.push_back(line);
}

bool SliceIncludes::has_line(const std::string& line) const {
  return std::find(lines_.begin(), lines_.end(), line) != lines_.end();
}

namespace {

// The standard header an internal header of the C++ library says it belongs to: libstdc++'s
// bits/ headers name it in their preamble (`@headername{iterator}` in stl_iterator_base_types.h).
// The include chain alone can mislead: the compiler's CUDA wrappers include <cmath> first, which
// brings in bits/ headers that <iterator> declares (std::input_iterator_tag then looked like
// <cmath>'s, and the slice included <cuda/std/cmath> for it, which does not declare it).
std::optional<std::string> documented_standard_header(llvm::StringRef text) {
  const size_t at = text.take_front(4096).find("@headername{");
  if (at == llvm::StringRef::npos) return std::nullopt;
  llvm::StringRef name = text.drop_front(at + 12).take_until(
      [](char c) { return c == '}' || c == ',' || c == ' ' || c == '\n'; });
  if (name.empty() || name.contains('.') || name.contains('/')) return std::nullopt;
  return name.str();
}

// A library's internals, which may need the headers that include them: a path component
// `detail`, `details`, `specializations` or `__...` (cuda/std/__type_traits/is_same.h).
bool internal_header(llvm::StringRef name) {
  for (auto part = llvm::sys::path::begin(name), end = llvm::sys::path::end(name); part != end;
       ++part)
    if (*part == "detail" || *part == "details" || *part == "specializations" ||
        part->starts_with("__"))
      return true;
  return false;
}

// The NVRTC-compilable headers met on an include chain, innermost first.
struct ChainHeaders {
  std::optional<std::string> innermost_public, innermost_library, outermost;
};

// The innermost public toolkit header on the chain and the user's include when NVRTC compiles it;
// failing both (the user's include is an umbrella NVRTC refuses, such as <cub/cub.cuh>, or there
// is none), the innermost header of a library on the chain that is not its internals
// (<cub/warp/warp_reduce.cuh> for cub::WarpReduce), else the outermost NVRTC compiles.
std::vector<std::string> toolkit_headers(const ChainHeaders& chain,
                                         const std::optional<std::string>& user_include) {
  std::vector<std::string> headers;
  if (chain.innermost_public) headers.push_back(*chain.innermost_public);
  if (user_include && nvrtc_compiles_header(*user_include)) headers.push_back(*user_include);
  if (headers.empty() && chain.innermost_library) headers.push_back(*chain.innermost_library);
  if (headers.empty() && chain.outermost) headers.push_back(*chain.outermost);
  return headers;
}

}  // namespace

HeaderOrigin HeaderOrigins::origin_of(clang::FileID file) const {
  HeaderOrigin origin;
  ChainHeaders chain;
  for (int depth = 0; file.isValid() && depth < 64; ++depth) {
    clang::SourceLocation from = sm_.getIncludeLoc(file);
    if (from.isInvalid()) break;
    const IncludeDirective* directive = preprocessor_.directive_for(file);
    if (directive && nvrtc_compiles_header(directive->name)) {
      chain.outermost = directive->name;
      if (!chain.innermost_public && nvrtc_public_header(directive->name))
        chain.innermost_public = directive->name;
      if (!chain.innermost_library && !internal_header(directive->name))
        chain.innermost_library = directive->name;
    }
    clang::FileID includer = sm_.getFileID(sm_.getExpansionLoc(from));
    if (!sm_.getFileEntryRefForID(includer)) break;  // -include, predefines
    if (!sm_.isInSystemHeader(sm_.getLocForStartOfFile(includer))) {
      if (directive) origin.user_include = directive->name;
      break;
    }
    file = includer;
  }
  origin.toolkit_headers = toolkit_headers(chain, origin.user_include);
  return origin;
}

std::optional<std::string> HeaderOrigins::standard_header_of(clang::FileID file) const {
  for (int depth = 0; file.isValid() && depth < 64; ++depth) {
    clang::OptionalFileEntryRef entry = sm_.getFileEntryRefForID(file);
    if (!entry) return std::nullopt;
    llvm::StringRef name = llvm::sys::path::filename(entry->getName());
    if (!name.contains('.')) return name.str();
    if (std::optional<std::string> named = documented_standard_header(sm_.getBufferData(file)))
      return named;
    clang::SourceLocation from = sm_.getIncludeLoc(file);
    if (from.isInvalid()) return std::nullopt;
    file = sm_.getFileID(sm_.getExpansionLoc(from));
  }
  return std::nullopt;
}

}  // namespace tiletune::tool
