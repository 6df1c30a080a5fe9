// Finding an axis of an annotation's space by name: the checks, the call probe and the emitter all
// ask it, so it lives with the syntax tree.
#pragma once

#include "annotation/annotation.h"

#include <string>

namespace tiletune::tool {

// The axis of a literal space named `name` (a list's first entry's), or null.
const Axis* axis_named(const Annotation& a, const std::string& name);

}  // namespace tiletune::tool
