#include "check/default_key.h"

#include <clang/AST/Decl.h>
#include <llvm/ADT/StringRef.h>

#include <array>

namespace tiletune::tool {
namespace {

// The typedefs CUDA's headers give its object handles; a kernel parameter names one of them
// directly or through the user's own typedef, so every typedef on the way down is looked at.
constexpr std::array<llvm::StringRef, 4> kObjectHandles = {
    "cudaTextureObject_t", "cudaSurfaceObject_t", "CUtexObject", "CUsurfObject"};

bool names_object_handle(clang::QualType type) {
  for (const clang::TypedefType* typedef_type = type->getAs<clang::TypedefType>(); typedef_type;
       typedef_type = typedef_type->desugar()->getAs<clang::TypedefType>()) {
    llvm::StringRef name = typedef_type->getDecl()->getName();
    for (llvm::StringRef handle : kObjectHandles)
      if (name == handle) return true;
  }
  return false;
}

}  // namespace

bool in_default_key(clang::QualType type) {
  if (type.isNull() || type->isDependentType() || !type->isIntegralOrEnumerationType())
    return false;
  return !names_object_handle(type);
}

}  // namespace tiletune::tool
