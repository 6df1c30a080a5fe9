// libFuzzer target for the tool's Clang-side stages (site finding, checks, slicer, emitter): the
// input's first byte picks one of a few fixed host contexts, the rest is the text between
// `TILETUNE(` and `);` at a launch site in front of a few fixed kernels. The tool's own rewrite
// (rewrite_action.h) runs in-process on that file. The properties: no crash, hang or sanitizer
// report; a rejected file has an error reported (the run's status is not 0); a rewritten file
// parses again with Clang without errors where the input did. A broken property aborts.
#include "rewrite_action.h"

#include <clang/Frontend/FrontendActions.h>
#include <clang/Tooling/Tooling.h>

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

// The kernels every context shares: templates the annotations of tests/tool/** launch (fill, vadd,
// scale, k, gemm), with bodies that give the slicer declarations, a constant and a device function
// to follow.
constexpr std::string_view kKernels = R"cu(#include <tiletune/tiletune.h>

constexpr int kUnroll = 4;

__device__ inline float twice(float v) { return 2.0f * v; }

template <int TILE>
__global__ void fill(float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = twice(1.0f);
}

template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  __shared__ float staged[TILE];
  int i = blockIdx.x * TILE + threadIdx.x;
  staged[threadIdx.x] = i < n ? a[i] : 0.0f;
  if (i < n) c[i] = staged[threadIdx.x] + b[i];
}

template <int TILE>
__global__ void scale(float* c, float factor, int n) {
  for (int u = 0; u < kUnroll; ++u) {
    int i = (blockIdx.x * kUnroll + u) * TILE + threadIdx.x;
    if (i < n) c[i] *= factor;
  }
}

template <int TILE>
__global__ void k(float* out, int n) {
  if (threadIdx.x < TILE && blockIdx.x * TILE + threadIdx.x < n) out[threadIdx.x] = 0.0f;
}

template <int TILE, int TILE_K>
__global__ void gemm(float* c, int n) {
  if (threadIdx.x < TILE * TILE_K && threadIdx.x < n) c[threadIdx.x] = 0.0f;
}

)cu";

// Where the annotation goes in each context: `@` marks the site. The parameters carry the names
// the tests' annotations use (a, b, c, x, out, n, m, factor, s).
constexpr std::string_view kContexts[] = {
    R"cu(void run(float* a, float* b, float* c, float* x, float* out, int n, int m, float factor,
         cudaStream_t s) {
  @
}
)cu",
    R"cu(template <typename T>
void run(T* a, T* b, T* c, T* x, T* out, int n, int m, float factor, cudaStream_t s) {
  @
}
template void run<float>(float*, float*, float*, float*, float*, int, int, float, cudaStream_t);
)cu",
    R"cu(namespace app {
struct Runner {
  float *a, *b, *c, *x, *out;
  int n, m;
  float factor;
  cudaStream_t s;
  void run() {
    for (int pass = 0; pass < 2; ++pass) {
      if (n > 0) {
        @
      }
    }
  }
};
}  // namespace app
)cu",
    R"cu(void run(float* a, float* b, float* c, float* x, float* out, int n, int m, float factor,
         cudaStream_t s) {
  auto launch = [&](int part) {
    (void)part;
    @
  };
  launch(0);
}
)cu",
};
constexpr std::size_t kContextCount = sizeof kContexts / sizeof kContexts[0];

[[noreturn]] void broken(const char* what, const std::string& file) {
  std::fprintf(stderr, "tool_stages_fuzzer: %s\n--- input file ---\n%s\n", what, file.c_str());
  std::abort();
}

std::string site_file(std::uint8_t context, std::string_view annotation) {
  std::string host(kContexts[context % kContextCount]);
  std::string site = "TILETUNE(" + std::string(annotation) + ");";
  host.replace(host.find('@'), 1, site);
  return std::string(kKernels) + host;
}

// Clang's arguments for the tool and for the re-parse: CUDA host-side parsing with the prelude in
// place of CUDA's headers, the toolkit's include directory for <cuda.h>.
std::vector<std::string> parse_arguments() {
  return {"-x",
          "cuda",
          "--cuda-host-only",
          "-nocudainc",
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-resource-dir=" TILETUNE_CLANG_RESOURCE_DIR,
          "-ferror-limit=0",
          "-I" TILETUNE_INCLUDE_DIR,
          "-isystem",
          TILETUNE_CUDA_PATH "/include",
          "-include",
          TILETUNE_FUZZ_PRELUDE};
}

// The input file lives on disk, as the tool reads it, under one directory per fuzzing process.
const std::string& input_path() {
  static const std::string path = [] {
    std::string dir = "/tmp/tool_stages_fuzzer." + std::to_string(getpid());
    std::string command = "mkdir -p " + dir;
    if (std::system(command.c_str()) != 0) std::abort();
    return dir + "/site.cu";
  }();
  return path;
}

bool parses(const std::string& code, const std::vector<std::string>& arguments) {
  return clang::tooling::runToolOnCodeWithArgs(std::make_unique<clang::SyntaxOnlyAction>(), code,
                                               arguments, "site.tiletune.cu");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string file =
      site_file(data[0], std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  {
    std::ofstream out(input_path(), std::ios::binary | std::ios::trunc);
    out << file;
    if (!out) std::abort();
  }
  std::vector<std::string> arguments = parse_arguments();
  arguments.push_back("-DTILETUNE_TOOL=1");
  tiletune::tool::RewriteResult result;
  int status = tiletune::tool::run_rewrite(input_path(), arguments, result);
  if (!result.ok) {
    if (status == 0) broken("the file was rejected without an error", file);
    return 0;
  }
  if (status != 0) broken("the file was rewritten although Clang reported an error", file);
  // The tool passes Clang's errors in code no tuned kernel depends on to nvcc as warnings
  // (deferred_diagnostics.h): only a file that parsed must give one that parses.
  if (!parses(result.output, parse_arguments()) && parses(file, arguments))
    broken("the rewritten file does not parse", file + "\n--- rewritten ---\n" + result.output);
  return 0;
}
