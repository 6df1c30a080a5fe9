// What the slice cannot carry into the device source, checked at each use it follows: NVRTC
// compiles the tuned kernel from device code alone, without the host's declarations or headers
// other than the toolkit's (the standard libraries come as libcu++'s, standard_library.h), and with
// its own copy of every variable. This pass lives with the slicer because it runs on the slicer's
// own walk of everything the kernel uses, which only the slicer computes, and because its verdicts
// are about what can be sliced; it also records the headers and lines a use needs.
//
// Two kinds of verdict. A use that would compile but run wrong (a __managed__ variable, whose
// copies the runtime cannot keep in step) is an error at once. A use the tool expects NVRTC to
// reject (a host function, a host variable, a header NVRTC cannot compile) is an objection: NVRTC
// is the judge of what compiles, and the device check reports an objection only when NVRTC does
// reject the site's code, as a better message than NVRTC's (device_verdict.h).
#pragma once

#include "diagnostics/diagnostics.h"
#include "slice/declaration_uses.h"
#include "slice/header_origin.h"
#include "slice/symbol_writes.h"

#include <clang/AST/ASTContext.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::tool {

// The tool's expectation that NVRTC will not compile a use, with what to do about it.
struct Objection {
  clang::SourceLocation at;
  std::string message;
  std::vector<std::pair<clang::SourceLocation, std::string>> notes;
};

class DeviceUseChecks {
 public:
  // `symbol_accesses`: host_symbol_accesses(), of the whole file.
  DeviceUseChecks(clang::ASTContext& context, const HeaderOrigins& origins,
                  const std::map<const clang::VarDecl*, SymbolAccess>& symbol_accesses,
                  Reporter& report);

  // Whether the slice carries the use's declaration. False after reporting an error, or after an
  // objection (once per declaration; none when `quiet`: a use NVRTC may never compile). A use
  // from a toolkit header adds that header to `includes`; one from the standard libraries, what
  // stands for it there.
  bool check(const Use& use, SliceIncludes& includes, bool quiet = false);

  // Some use was an error.
  bool failed() const { return failed_; }

  const std::vector<Objection>& objections() const { return objections_; }

  // The variables the kernel uses that host code reaches through the runtime API
  // (symbol_writes.h), in order of first use: the site names them for the runtime to copy.
  const std::vector<const clang::VarDecl*>& shared_with_host() const { return shared_; }

 private:
  bool check_user_function(const Use& use, const clang::FunctionDecl* f);
  bool check_user_variable(const Use& use, const clang::VarDecl* v);
  bool share_with_host(const clang::VarDecl* v);
  bool check_system(const Use& use, SliceIncludes& includes);
  bool check_standard_library(const Use& use, SliceIncludes& includes);
  bool object(const Use& use, const std::string& message);
  bool refuse(const Use& use, const std::string& message);

  clang::ASTContext& context_;
  const clang::SourceManager& sm_;
  const HeaderOrigins& origins_;
  Reporter& report_;
  const std::map<const clang::VarDecl*, SymbolAccess>& symbol_accesses_;
  std::vector<const clang::VarDecl*> shared_;
  std::set<std::string> named_;  // declarations already refused or objected to
  std::vector<Objection> objections_;
  bool failed_ = false;
  bool quiet_ = false;  // the use being checked raises no objection
};

}  // namespace tiletune::tool
