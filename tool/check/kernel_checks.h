// The annotation against the kernel's declaration: the kernel exists and is __global__, the
// template arguments and arguments fit it, Constant(...) and the key fit their parameters, and the
// hints do not fight the kernel's __launch_bounds__ or __cluster_dims__.
#pragma once

#include "annotation/annotation.h"
#include "check/kernel_lookup.h"
#include "check/site_instantiations.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"
#include "preprocess/preprocessor_record.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

namespace tiletune::tool {

// The kernel the call launches (the definition, or a template's pattern), after reporting what is
// wrong with the call; null when no single function fits. `literal` is null for an opaque space.
// `deduced`: Clang resolved the call (site_instantiations.h), resolves it per instantiation, or
// said why it cannot: template arguments the annotation leaves out are Clang's to deduce. Else
// Clang never saw the call (call_probe.h: a lambda argument before C++20). `launches` are the
// site's launches as Clang resolved them (which of several __global__ overloads the call means)
// and the innermost function whose body holds the site (SiteLaunches::enclosing), where a callee
// that names no function may be a variable.
const clang::FunctionDecl* check_kernel(const Annotation& a, const LiteralSpace* literal,
                                        bool deduced, const LookupIndex& lookup,
                                        const SiteLaunches& launches, SiteReporter& report);

// A kernel given nvcc's __maxnreg__ (register_limit.h) takes no `occupancy` hint or axis: the
// compiler meets a minimum of blocks per multiprocessor by limiting registers, which __maxnreg__
// fixes (and NVRTC refuses launch bounds beside it).
void check_register_limit(const Annotation& a, const clang::FunctionDecl* kernel,
                          const PreprocessorRecord& preprocessor, SiteReporter& report);

}  // namespace tiletune::tool
