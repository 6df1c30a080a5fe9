// A __constant__ or __device__ variable of internal linkage (`static`, or in an anonymous
// namespace) that host code shares with the kernel through the runtime API. NVRTC names such a
// variable differently in every program (after the program's name and its first function:
// `_ZN32_INTERNAL_00000000_4_a_cu__Z1kPf2ns5tableE`), so the runtime could not find the module's
// copy by a name fixed at build time. The slice is a program of its own, where linkage binds
// nothing else, so there it gets external linkage instead: `static` left out, an anonymous
// namespace written as a named one with a using-directive (how the standard defines an unnamed
// namespace). Its name in the module is then fixed (symbol_writes.h: lowered_name), and the host's
// copy keeps its internal linkage in the user's file, where the generated code names it.
#pragma once

#include "diagnostics/diagnostics.h"
#include "slice/source_chunks.h"

#include <clang/AST/Decl.h>

#include <set>

namespace tiletune::tool {

// The name the slice gives an anonymous namespace that holds such a variable.
inline constexpr const char* kUnnamedNamespaceName = "tiletune_unnamed";

// A variable of internal linkage the slice can give external linkage: declared at namespace scope,
// not a template's. Others stay refused.
bool slice_can_externalize(const clang::VarDecl* v);

// Edits that leave `static` out of `v`'s declarations, and the anonymous namespaces around it
// added to `unnamed`. False after reporting why not (a macro spells `static`).
bool externalize(const clang::VarDecl* v, SourceEdits& edits,
                 std::set<const clang::NamespaceDecl*>& unnamed, Reporter& report);

}  // namespace tiletune::tool
