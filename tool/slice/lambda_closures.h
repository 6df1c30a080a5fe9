// A lambda's closure type as a kernel's template argument (a generic kernel launched with a
// lambda, `for_each<<<...>>>(n, [=] __device__(int i) { ... })`). A closure type exists only in
// the translation unit that wrote the lambda; NVRTC compiles the tuned kernel apart from it, so
// the slice writes the closure out as a struct of its own name, tt_closure_<line>_<column>: the
// captures as its members, in the closure's order and of its types (so that the bytes the host's
// closure object holds, which a launch passes, mean the same), and the lambda's body as its
// __device__ operator() (a generic lambda's a template). A lambda the struct could not stand for
// is refused, saying why (closure_unsupported).
#pragma once

#include "slice/declaration_uses.h"
#include "slice/source_chunks.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>

#include <string>
#include <vector>

namespace tiletune::tool {

// `d` is a lambda's closure type.
const clang::CXXRecordDecl* lambda_closure(const clang::Decl* d);

// The name the slice gives `closure`: tt_closure_<line>_<column>, where the lambda is written; in
// a template, with _<hash> of the instantiation's arguments (each instantiation's closure a struct
// of its own, with the template's parameters as members: `using T = float;`).
std::string closure_name(const clang::CXXRecordDecl* closure);

// The template arguments after the line and column that tell this closure from the same lambda's
// in other instantiations of the templates around it, ", T" or "": as the lambda's own text
// names them (closure_context_tag, for tiletune::closure<line, column, T>(...)), and as generated
// code at namespace scope spells this instantiation's (closure_context_spelling, ", float").
std::string closure_context_tag(const clang::CXXRecordDecl* closure);
std::string closure_context_spelling(const clang::CXXRecordDecl* closure);

// Why the slice cannot write `closure` out ("" when it can): a lambda in a library's header, in a
// macro, or in a template whose parameters it cannot name; one that captures `this`, by reference,
// or a pack; one whose body names what is local to its enclosing function and not captured (a
// type, a variable that is no integral constant).
std::string closure_unsupported(const clang::CXXRecordDecl* closure);

// Where the lambda is written (of its introducer `[`), and the end of its body.
struct ClosureText {
  clang::SourceLocation begin, end;
  unsigned line = 0, column = 0;
};
ClosureText closure_text(const clang::CXXRecordDecl* closure);

// The struct, with a #line directive before the body (closure_unsupported(closure) empty).
std::string closure_definition(const clang::CXXRecordDecl* closure);

// What the struct's text names: the body's uses (as the slice follows them, in device code) and
// the members' types.
std::vector<Use> closure_uses(const clang::CXXRecordDecl* closure);

// The lambda's text in its file (for the macros it expands), as a chunk of no declaration.
Chunk closure_chunk(const clang::CXXRecordDecl* closure);

}  // namespace tiletune::tool
