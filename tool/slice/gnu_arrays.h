// Arrays NVRTC refuses and nvcc takes, as GNU C++ does: a flexible array member (`float data[];`
// last in a struct) and an array of size zero (`float pad[0];`, written so, not a template's size
// that becomes zero, which is each instantiation's own). NVRTC has no GNU mode; the slice cannot
// give either a size without changing the struct's, so each is an objection (device_use_checks.h)
// that says what to write instead.
#pragma once

#include "slice/device_use_checks.h"

#include <clang/AST/Decl.h>

#include <functional>
#include <vector>

namespace tiletune::tool {

// The objections to the arrays declared in `piece`'s text (templates as written), but for those
// in the declarations inside it that `skipped` leaves out of the slice.
std::vector<Objection> gnu_array_objections(const clang::Decl* piece,
                                            const std::function<bool(const clang::Decl*)>& skipped);

}  // namespace tiletune::tool
