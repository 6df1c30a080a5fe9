// What the slice cannot carry into the device source, checked at each use it follows: NVRTC
// compiles the tuned kernel from device code alone, without the host's declarations, the
// standard library or headers other than the toolkit's, and with its own copy of every variable.
// This pass lives with the slicer because it runs on the slicer's own walk of everything the
// kernel uses, which only the slicer computes, and because its verdicts are about what can be
// sliced; it also records the toolkit headers a use needs.
#pragma once

#include "diagnostics/diagnostics.h"
#include "slice/declaration_uses.h"
#include "slice/header_origin.h"
#include "slice/symbol_writes.h"

#include <clang/AST/ASTContext.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tiletune::tool {

class DeviceUseChecks {
 public:
  DeviceUseChecks(clang::ASTContext& context, const HeaderOrigins& origins, Reporter& report);

  // False (after reporting, once per declaration) when the use cannot go into the slice; a use
  // from a toolkit header adds that header to `includes`.
  bool check(const Use& use, SliceIncludes& includes);

  // Some use was refused.
  bool failed() const { return failed_; }

  // The variables the kernel uses that host code reaches through the runtime API
  // (symbol_writes.h), in order of first use: the site names them for the runtime to copy.
  const std::vector<const clang::VarDecl*>& shared_with_host() const { return shared_; }

 private:
  bool check_user_function(const Use& use, const clang::FunctionDecl* f);
  bool check_user_variable(const Use& use, const clang::VarDecl* v);
  bool share_with_host(const clang::VarDecl* v);
  bool check_system(const Use& use, SliceIncludes& includes);
  bool refuse_standard_library(const Use& use, clang::FileID file);
  bool refuse(const Use& use, const std::string& message);

  const clang::SourceManager& sm_;
  const HeaderOrigins& origins_;
  Reporter& report_;
  std::map<const clang::VarDecl*, SymbolAccess> symbol_accesses_;
  std::vector<const clang::VarDecl*> shared_;
  std::set<std::string> refused_;
  bool failed_ = false;
};

}  // namespace tiletune::tool
