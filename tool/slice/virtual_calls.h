// Virtual calls the tuned kernel cannot make. An object with virtual functions points to its
// class's virtual table in the module whose code made it; the tuned kernel is NVRTC's, a module of
// its own, and a call it makes through the table of an object the program's own kernels made
// jumps into another module's code: the GPU faults ("invalid program counter", seen with
// rogerallen/raytracinginoneweekendincuda's `render`, whose world a `create_world` kernel makes).
// nvcc builds it, the tuned launch would fault, so the tool says it at build time.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>

#include <optional>
#include <set>
#include <string>

namespace tiletune::tool {

struct ForeignVirtualCall {
  clang::SourceLocation at;            // the called member's name
  const clang::CXXMethodDecl* method;  // the virtual function called
  const clang::FunctionDecl* in;       // the device function (or kernel) that calls it
};

// The first call in the device code of `units` (the slice's declarations) that dispatches through
// a pointer or reference to a virtual function of a class C (not `final`, not qualified) where
// that device code makes no object of C or of a class derived from C (with `new` or a
// constructor): such objects can only come from elsewhere, with another module's virtual table.
// Where the slice makes some, the objects may be its own, and the call is left to run.
std::optional<ForeignVirtualCall> foreign_virtual_call(const std::set<const clang::Decl*>& units);

// What the tool says at such a call, with what to do.
std::string foreign_virtual_call_error(const ForeignVirtualCall& call);

}  // namespace tiletune::tool
