// The compile caches' keys, as text that names every field (the disk cache stores the full variant
// key in each file's header): everything that changes the machine code, nothing that does not.
#pragma once

#include "compile/compile_request.h"

#include <string>
#include <string_view>

namespace tiletune::detail {

// What the front end's output depends on: the toolchain, the source, its name, the name
// expression, the options and the architecture.
std::string front_end_key(const CompileRequest& request, std::string_view toolchain);
// The front-end key plus the hints.
std::string variant_key(const CompileRequest& request, std::string_view toolchain);

}  // namespace tiletune::detail
