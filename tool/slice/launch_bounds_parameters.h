// A kernel whose block size is fixed per configuration takes the configuration's launch bounds as
// its two leading template parameters (rules::kMaxThreadsParameter, rules::kMinBlocksParameter),
// with `__launch_bounds__` of them on its definition: every configuration is then its own
// instantiation of one source with one set of options, so the runtime builds many in one NVRTC
// program (issue 32; common/instantiation/launch_bounds.h). A kernel that is no template becomes
// one. Where that would change what the slice means, the kernel carries rules::kLaunchBoundsMacro
// instead (defined per configuration: one program per set of bounds).
#pragma once

#include "slice/source_chunks.h"

#include <clang/AST/Decl.h>

#include <string>

namespace tiletune::tool {

// Records in `edits` the two template parameters on every declaration of `kernel` and the launch
// bounds on its definition, and returns true; or records nothing and returns false when the
// kernel cannot take them: `extern "C"` (no template), a class member or a friend, a declaration
// outside the user's files or with its template line spelled by a macro, a template with
// explicit specializations or instantiations (which name its parameters as they are), or a
// kernel whose body names itself.
bool add_launch_bounds_parameters(const clang::FunctionDecl* kernel, SourceEdits& edits);

// "int tiletune_max_threads, int tiletune_min_blocks", for a template parameter list.
std::string launch_bounds_parameters();

// "__launch_bounds__(tiletune_max_threads, tiletune_min_blocks)".
std::string launch_bounds_of_parameters();

}  // namespace tiletune::tool
