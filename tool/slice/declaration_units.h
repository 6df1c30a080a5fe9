// The slice copies whole declarations at namespace scope ("units") from the user's files: which
// unit a declaration belongs to, which of its declarations are in the user's files, and what must
// come along with it though nothing names it.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>

#include <set>
#include <vector>

namespace tiletune::tool {

// The declaration that stands at namespace scope for `d`: a member's class, a template's
// template declaration, an instantiation's pattern. Null for locals and parameters, which are
// inside some other unit's text already.
const clang::Decl* unit_of(const clang::Decl* d);

// A builtin the compiler declared implicitly (__syncthreads, __builtin_inff), which NVRTC has too.
// Clang places that declaration at the builtin's first use, which may be anywhere in a user file.
bool compiler_builtin(const clang::Decl* d);

// Written in one of the user's files: not in a system header, nor in tiletune's own header, nor
// a compiler builtin.
bool from_user_file(const clang::SourceManager& sm, const clang::Decl* d);

// Every declaration of the unit in the user's files (a prototype and its definition, say), so
// the slice declares things in the order the file does.
std::vector<const clang::Decl*> pieces_of(const clang::SourceManager& sm, const clang::Decl* unit);

// What must come along with a piece though nothing names it: a template's explicit and partial
// specializations (returned), and a class's out-of-line member definitions (added to
// `out_of_line`).
std::vector<const clang::Decl*> companions_of(const clang::SourceManager& sm,
                                              const clang::Decl* piece,
                                              std::set<const clang::Decl*>& out_of_line);

// Declared inside namespace std.
bool in_namespace_std(const clang::Decl* d);

}  // namespace tiletune::tool
