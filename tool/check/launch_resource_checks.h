// What a launch asks of the GPU that no configuration can have or that the annotation forgets:
// blocks of more than 1024 threads (no CUDA GPU runs one), and a kernel that uses `extern
// __shared__` memory launched without `shmem` (its size is the launch's dynamic shared memory,
// 0 bytes unless the annotation says otherwise).
#pragma once

#include "annotation/annotation.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"

#include <clang/AST/Decl.h>

namespace tiletune::tool {

// The most threads a block may have: 1024 on every GPU since compute capability 2.0.
constexpr long long kMaxThreadsPerBlock = 1024;

// `threads` evaluated for each configuration of a literal space: above the limit for all of them
// is an error (nothing could launch); for some, a warning that names them (the runtime skips
// them: a `where` or a narrower axis says so at the source).
void check_block_size(const Annotation& a, const LiteralSpace* literal, SiteReporter& report);

// An `extern __shared__` variable the kernel (or a function it calls) uses, with no `shmem` in
// the annotation: an error at the kernel's name, with a note at the variable.
void check_dynamic_shared_memory(const Annotation& a, const clang::FunctionDecl* kernel,
                                 SiteReporter& report);

}  // namespace tiletune::tool
