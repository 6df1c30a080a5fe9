// Which of a kernel call's arguments the default key takes (an annotation without `key = (...)`):
// one rule, read by the check of the key's size and by the code that computes the key.
#pragma once

#include <clang/AST/Type.h>

namespace tiletune::tool {

// Whether an argument passed to a parameter of type `type` is part of the default key: an integral
// or enumeration type that does not depend on a template parameter, except the handles of CUDA
// objects (cudaTextureObject_t, cudaSurfaceObject_t and the driver API's CUtexObject,
// CUsurfObject). A handle is an `unsigned long long` that names an object created at run time:
// the tuned result does not depend on its value, and a program that creates its texture per call
// (HeCBench's opticalFlow) would otherwise get a new key, so a new tuning, from a new handle.
bool in_default_key(clang::QualType type);

}  // namespace tiletune::tool
