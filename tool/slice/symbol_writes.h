// Host code that reaches a __device__ or __constant__ variable through the runtime API
// (cudaMemcpyToSymbol and friends). The tuned kernel is compiled separately by NVRTC and has its
// own copy of every such variable, which these calls never touch: a kernel that uses one must be
// refused rather than silently read a different copy.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <map>
#include <string>

namespace tiletune::tool {

struct SymbolAccess {
  clang::SourceLocation at;  // the call
  std::string function;      // cudaMemcpyToSymbol, ...
};

// The first such call per variable, in the user's files.
std::map<const clang::VarDecl*, SymbolAccess> host_symbol_accesses(clang::ASTContext& context);

}  // namespace tiletune::tool
