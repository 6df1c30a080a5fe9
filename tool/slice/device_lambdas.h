// Lambdas written in device code with an execution-space annotation, `[] __device__(T a, T b) {
// ... }` inside a __device__ function. nvcc takes the annotation only with --extended-lambda;
// NVRTC 13.0 has no such option and refuses it ("__host__ or __device__ annotation on lambda
// requires --extended-lambda"). A lambda defined in a __device__ or __global__ function is a device
// lambda without it (the CUDA programming guide: its execution space is its enclosing function's),
// so the slice drops the annotation there; the lambda means the same.
#pragma once

#include "slice/source_chunks.h"

#include <clang/AST/DeclBase.h>

namespace tiletune::tool {

// Records in `edits` the removal of every `__device__`/`__host__` written on a lambda in the body
// of `d` (a function, function template, or a class's member functions) whose enclosing function
// is device code. Annotations spelled through a macro are left as written.
void drop_device_lambda_annotations(const clang::Decl* d, SourceEdits& edits);

}  // namespace tiletune::tool
