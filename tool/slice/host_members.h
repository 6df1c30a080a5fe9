// The host-only members of the classes the slice carries. The slice copies a class whole, but a
// member function only host code can call (`__host__ std::string name() const`, a hidden friend
// `operator<<(std::ostream&, const T&)`, CUTE_HOST-style) often names what NVRTC has not got (the
// host's <string>, <iostream>) and is of no use to the kernel: it is left out of the copy, and
// what it names is not followed, unless code the slice carries names it.
#pragma once

#include "slice/source_chunks.h"

#include <clang/AST/Decl.h>

#include <set>

namespace tiletune::tool {

class HostMembers {
 public:
  // Whether the slice's walk leaves `d` out: a host-only member (as its class declares it) that
  // nothing carried names yet.
  bool skipped(const clang::Decl* d) const;

  // `named` (what a use names: a member, its instantiation, a friend) is a host-only member that
  // code the slice carries names: kept from now on. Returns its declaration in the class the
  // first time, whose text the walk then follows; null otherwise.
  const clang::Decl* keep(const clang::Decl* named);

  // Removes from `piece`'s text (a class, a class template, a specialisation; others are left as
  // they are) the host-only members not kept, those of its nested classes too. A member spelled
  // wholly by a macro stays: the macro may spell others. A kept one that nothing defines (named in
  // sizeof or decltype only) is declared __host__ __device__: NVRTC refuses host declarations.
  void drop_from(const clang::Decl* piece, SourceEdits& edits) const;

  // Whether `d`, an out-of-line member definition, defines a member that is left out.
  bool dropped_out_of_line(const clang::Decl* d) const;

 private:
  void mark_declared_only(const clang::Decl* member, SourceEdits& edits) const;

  std::set<const clang::Decl*> kept_;  // by host_member_key
};

}  // namespace tiletune::tool
