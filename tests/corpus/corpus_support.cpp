#include "corpus_support.h"

#include "compiler.h"
#include "tuner.h"

#include <algorithm>
#include <cstdio>

namespace tiletune::corpus {

void expect_slices_compile(const std::string& file, int configurations, const Key& key) {
  detail::NvrtcCompiler compiler;
  int compiled = 0;
  for (Site* site : sites()) {
    const SiteInfo& info = site->info();
    std::string name = info.file, suffix = "/" + file;
    if (name.size() < suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix))
      continue;
    for (const Config& config : info.space.configurations()) {
      // A nominal block size for the occupancy hint; the launch computes the real one.
      Geometry geometry{Dim(1), Dim(128), 0, nullptr};
      try {
        detail::CompileRequest request = detail::compile_request(info, config, geometry, 90, key);
        std::shared_ptr<const detail::CompiledKernel> kernel = compiler.compile(request);
        EXPECT_FALSE(kernel->cubin.empty());
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

int count_mismatches(const std::vector<float>& got, const std::vector<float>& want,
                     float tolerance) {
  if (got.size() != want.size()) {
    ADD_FAILURE() << "sizes differ: " << got.size() << " vs " << want.size();
    return static_cast<int>(std::max(got.size(), want.size()));
  }
  int wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    float scale = std::max(1.0f, std::fabs(want[i]));
    if (!(std::fabs(got[i] - want[i]) <= tolerance * scale)) {
      if (wrong < 5) ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want[i];
      ++wrong;
    }
  }
  return wrong;
}

}  // namespace tiletune::corpus
