#include "gpu_test_support.h"

#include "compile/nvrtc_compiler.h"
#include "cubin/elf_sections.h"
#include "tune/site_variant.h"

#include <algorithm>

namespace tiletune::testing {
namespace {

// The cubin's symbol names include `name`: the runtime finds the module's copy of a variable the
// site shares with host code by that name (cuModuleGetGlobal).
bool names_symbol(const std::vector<char>& cubin, const std::string& name) {
  const std::optional<std::vector<char>> names = detail::elf_section(cubin, ".strtab");
  if (!names) return false;
  const std::string entry = std::string(1, '\0') + name + '\0';
  return std::search(names->begin(), names->end(), entry.begin(), entry.end()) != names->end();
}

}  // namespace

std::string gpu_unavailable_reason() {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess) return cudaGetErrorString(e);
  if (count == 0) return "no CUDA device";
  return {};
}

void expect_every_site_compiles(const std::string& file, int configurations, const Key& key,
                                unsigned threads) {
  detail::NvrtcCompiler compiler;
  int compiled = 0;
  const std::string suffix = "/" + file;
  for (Site* site : sites()) {
    const SiteInfo& info = site->info();
    const std::string& name = info.file;
    // Whole file names only: "block_reduce.cu" is not "cub_block_reduce.cu".
    if (name != file && (name.size() < suffix.size() ||
                         name.compare(name.size() - suffix.size(), suffix.size(), suffix)))
      continue;
    for (const Config& config : info.space.configurations()) {
      // A nominal block size for the occupancy hint; the launch computes the real one.
      Geometry geometry{Dim(1), Dim(threads), 0, nullptr};
      try {
        detail::CompileRequest request = detail::compile_request(info, config, geometry, 90, key);
        std::shared_ptr<const detail::CompiledKernel> kernel = compiler.compile(request);
        EXPECT_FALSE(kernel->cubin.empty());
        for (const DeviceSymbol& symbol : info.symbols)
          EXPECT_TRUE(names_symbol(kernel->cubin, symbol.name))
              << info.file << ":" << info.line << ": the module has no symbol " << symbol.name;
        ++compiled;
      } catch (const CompileError& e) {
        ADD_FAILURE() << info.file << ":" << info.line << " " << info.space.describe(config) << ": "
                      << e.what() << "\n"
                      << e.log() << "\n--- device source ---\n"
                      << info.device_source;
      }
    }
  }
  EXPECT_EQ(compiled, configurations);
}

}  // namespace tiletune::testing
