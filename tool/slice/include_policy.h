// Which toolkit headers the device source may #include (the ones NVRTC compiles), and which
// standard-library headers have a cuda::std counterpart to stand for them (standard_library.h).
#pragma once

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// True for a header NVRTC compiles from the toolkit's include directory: cuda_fp16.h,
// cuda_bf16.h, cuda_fp8.h, mma.h, cuda_pipeline.h, cuda_awbarrier.h, cooperative_groups.h,
// cooperative_groups/..., cuda/..., cub/... (not its umbrella cub/cub.cuh nor cub/device/...),
// nv/..., curand_kernel.h, thrust's tuple.h, pair.h and functional.h; and a header of a library
// written for NVRTC (set_nvrtc_header_libraries).
bool nvrtc_compiles_header(const std::string& name);

// The top-level folders of the build's include directories that hold header libraries written for
// NVRTC (driver/nvrtc_header_libraries.h: "cute", "cutlass"), set once before the parse, which
// treats their headers as system headers; the slice #includes them as the user did.
void set_nvrtc_header_libraries(std::vector<std::string> folders);

// True for a header of one of those libraries ("cute/tensor.hpp").
bool in_nvrtc_header_library(const std::string& name);

// Declared in a file of the CUDA toolkit tiletune was built with (its headers, cccl's too).
bool from_toolkit_file(const clang::SourceManager& sm, const clang::Decl* d);

// True for the toolkit's public single headers in that list (cuda_fp16.h, mma.h, ...), which are
// what a user includes, as opposed to the internals of cub/ or cuda/.
bool nvrtc_public_header(const std::string& name);

// "cuda/std/cmath" for "cmath" (or "math.h") where the toolkit has that counterpart.
std::optional<std::string> cuda_std_counterpart(const std::string& name);

}  // namespace tiletune::tool
