// What a device branch inside a function names: the host parse skips the branch of a conditional
// on the device compiler's macros that NVRTC takes (`#if __CUDA_ARCH__ >= 800` around a call of
// the user's sm_80 helper), so no use in it reaches the slice's walk. The slice carries the whole
// text, conditional and all; the user declarations the branch's names may mean come along, found
// by name (an over-approximation: a name in a device branch that also names an unrelated
// declaration brings that one too, which NVRTC compiles unused). A name written `std::x` there
// (`std::is_same_v` in a trait chosen for sm_80) means the standard library's, which the slice
// maps to libcu++'s like any other use of it.
#pragma once

#include "preprocess/preprocessor_record.h"
#include "slice/declaration_uses.h"

#include <clang/AST/ASTContext.h>

#include <map>
#include <string>
#include <vector>

namespace tiletune::tool {

class DeviceBranchNames {
 public:
  DeviceBranchNames(clang::ASTContext& context, const PreprocessorRecord& preprocessor);

  // Uses, at each name in a skipped device branch inside `piece`'s text, of the user declarations
  // at namespace scope of that name which device code can use: types, templates, variables, and
  // functions callable on the device (a host function of that name is no use of the branch's);
  // of a name qualified by `std::`, the host parse's declarations of it in namespace std.
  std::vector<Use> uses_in(const clang::Decl* piece);

 private:
  void index(const clang::DeclContext* dc);
  std::vector<const clang::NamedDecl*> in_namespace_std(const std::string& name);

  clang::ASTContext& context_;
  const PreprocessorRecord& preprocessor_;
  bool indexed_ = false;
  // The names in skipped text that lie in a device conditional, in the parse's order.
  std::vector<const SkippedName*> in_device_branches_;
  std::multimap<std::string, const clang::NamedDecl*> by_name_;
};

}  // namespace tiletune::tool
