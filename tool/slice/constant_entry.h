// Constant(...) arguments: the slice turns the kernel into a force-inlined __device__ function and
// adds an entry kernel, tt_entry_<kernel>, whose leading `long long` template parameters are the
// constant values (after the launch bounds, where the block size is fixed per configuration),
// followed by the kernel's own template parameters; it takes the other arguments and calls the
// kernel with the constants in place.
#pragma once

#include "diagnostics/diagnostics.h"
#include "slice/source_chunks.h"

#include <clang/AST/Decl.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// Records in `edits` the rewriting of every declaration of `kernel` in the user's files, and
// returns the entry kernel's text (with its #line), to follow the kernel's definition; nullopt
// after reporting what cannot be rewritten. `constant_params` are ascending parameter indices;
// with `bounded_block` the entry takes the launch bounds as its two leading template parameters
// (launch_bounds_parameters.h).
std::optional<std::string> constant_entry(const clang::FunctionDecl* kernel,
                                          const std::vector<unsigned>& constant_params,
                                          bool bounded_block, SourceEdits& edits, Reporter& report);

}  // namespace tiletune::tool
