// Host code that reaches a __device__ or __constant__ variable through the runtime API
// (cudaMemcpyToSymbol and friends). The tuned kernel is compiled separately by NVRTC and has its
// own copy of every such variable, which these calls never touch: the site names each one the
// kernel uses (SiteInfo::symbols), and the runtime keeps the two copies in step.
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

// The variable's name in the compiled module (the Itanium mangling NVRTC uses too: `c` at global
// scope, `_ZN2ns1cE` in a namespace; for one of internal linkage, the name the slice gives it:
// internal_symbols.h), which the runtime looks up with cuModuleGetGlobal.
std::string lowered_name(const clang::VarDecl* v, clang::ASTContext& context);

// How host code at global scope names the variable: `::ns::c` (anonymous namespaces left out:
// the generated code is in the same file).
std::string host_expression(const clang::VarDecl* v);

}  // namespace tiletune::tool
