// The code the tuned kernels depend on: each annotated launch's kernel and, transitively, every
// declaration it uses (the closure the slice is cut from), and the annotations themselves. A Clang
// error there stops the tool; one elsewhere concerns only nvcc's compile of the host code.
#pragma once

#include "check/kernel_lookup.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>

#include <optional>
#include <vector>

namespace tiletune::tool {

class TunedCode {
 public:
  // Nullopt when some site's kernel cannot be found (the error may be what hides it): then every
  // error counts.
  static std::optional<TunedCode> find(const LookupIndex& lookup,
                                       const std::vector<SiteText>& sites);

  bool contains(clang::SourceLocation where) const;

 private:
  explicit TunedCode(const clang::SourceManager& sm) : sm_(&sm) {}
  void add(clang::SourceRange range);

  const clang::SourceManager* sm_;
  std::vector<clang::SourceRange> ranges_;  // expansion locations
};

}  // namespace tiletune::tool
