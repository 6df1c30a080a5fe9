#include "slice/include_policy.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include <array>
#include <string_view>

namespace tiletune::tool {
namespace {

bool starts_with(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

std::vector<std::string>& header_libraries() {
  static std::vector<std::string> folders;
  return folders;
}

}  // namespace

bool nvrtc_public_header(const std::string& name) {
  // math_constants.h: CUDART_INF_F and the like, macros only. curand_kernel.h: cuRAND's device
  // API (curandStatePhilox4_32_10_t, curand_init, curand_uniform4), which NVRTC compiles (CUDA
  // 13.0; not its parts curand_uniform.h, curand_normal.h alone).
  static constexpr std::array<std::string_view, 11> kHeaders = {"math_constants.h",
                                                                "cuda_fp16.h",
                                                                "cuda_bf16.h",
                                                                "cuda_fp8.h",
                                                                "mma.h",
                                                                "cuda_pipeline.h",
                                                                "cuda_awbarrier.h",
                                                                "cooperative_groups.h",
                                                                "cuda_pipeline_primitives.h",
                                                                "cuda_awbarrier_primitives.h",
                                                                "curand_kernel.h"};
  for (std::string_view h : kHeaders)
    if (name == h) return true;
  return false;
}

bool nvrtc_compiles_header(const std::string& name) {
  if (nvrtc_public_header(name)) return true;
  // cub's umbrella and its device-wide algorithms hold host dispatch (and thrust), which NVRTC
  // refuses (CUDA 13.0); its block-, warp- and thread-level headers compile on their own.
  if (name == "cub/cub.cuh" || starts_with(name, "cub/device/") || name == "cub/util_allocator.cuh")
    return false;
  for (std::string_view prefix : {"cooperative_groups/", "cuda/", "cub/", "nv/"})
    if (starts_with(name, prefix)) return true;
  // Of thrust, the headers NVRTC compiles on their own (CUDA 13.0; in its CCCL thrust::tuple and
  // thrust::pair are libcu++'s): a functor returning a thrust::tuple, thrust::plus and the like.
  // The rest (algorithms, containers, complex) hold host code NVRTC refuses.
  for (std::string_view header : {"thrust/tuple.h", "thrust/pair.h", "thrust/functional.h"})
    if (name == header) return true;
  return in_nvrtc_header_library(name);
}

bool in_nvrtc_header_library(const std::string& name) {
  for (const std::string& folder : header_libraries())
    if (starts_with(name, folder + "/")) return true;
  return false;
}

void set_nvrtc_header_libraries(std::vector<std::string> folders) {
  header_libraries() = std::move(folders);
}

bool from_toolkit_file(const clang::SourceManager& sm, const clang::Decl* d) {
  clang::OptionalFileEntryRef entry =
      sm.getFileEntryRefForID(sm.getFileID(sm.getExpansionLoc(d->getLocation())));
  if (!entry) return false;
  llvm::StringRef path = entry->getName();
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(path, real)) path = real;
  llvm::SmallString<256> toolkit;
  if (llvm::sys::fs::real_path(TILETUNE_CUDA_PATH, toolkit)) toolkit = TILETUNE_CUDA_PATH;
  return path.starts_with(toolkit.str().str() + "/");
}

std::optional<std::string> cuda_std_counterpart(const std::string& name) {
  std::string base = name;
  // <math.h> is <cmath>'s C spelling, and so on.
  if (base.size() > 2 && base.compare(base.size() - 2, 2, ".h") == 0)
    base = "c" + base.substr(0, base.size() - 2);
  std::string counterpart = "cuda/std/" + base;
  for (const char* root : {TILETUNE_CUDA_PATH "/include/cccl/", TILETUNE_CUDA_PATH "/include/"})
    if (llvm::sys::fs::exists(root + counterpart)) return counterpart;
  return std::nullopt;
}

}  // namespace tiletune::tool
