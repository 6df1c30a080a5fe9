// Issue 16, on the corpus: every configuration of every site the tool sliced, built the way a
// tuning builds it, uses the registers of a build by NVRTC from the same source with the same
// __launch_bounds__ written on the kernel (nvJitLink for sm_90; no GPU needed).
#include "compile/cubin_linker.h"
#include "compile/nvrtc_compiler.h"
#include "compile/nvrtc_front_end.h"
#include "tune/site_variant.h"

#include <tiletune/rules.h>
#include <tiletune/tiletune.h>

#include <gtest/gtest.h>

#include <string>

namespace tiletune {
namespace {

constexpr int kArch = 90;
constexpr unsigned kThreads = 128;  // a nominal block size, as SlicesCompile uses

// The device source with the macro, where the kernel carries it, replaced by `bounds`; the
// definition of the macro stays (defined empty, it is unused).
std::string with_bounds_written_in(const std::string& source, const std::string& bounds) {
  const std::string macro = rules::kLaunchBoundsMacro;
  std::string text = source;
  std::size_t at = text.rfind(macro);
  return text.replace(at, macro.size(), bounds);
}

TEST(CorpusLaunchBoundsRegisters, TiletunesBuildUsesTheRegistersOfTheSourceBuild) {
  detail::NvrtcCompiler compiler(nullptr, detail::PchMode::kOff);
  int compared = 0;
  for (Site* site : sites()) {
    const SiteInfo& info = site->info();
    const std::string source = info.device_source;
    // Constant(...) sites take values from a launch key; kernels with their own
    // __launch_bounds__ carry no macro.
    if (std::string(info.name_expression).find("$#") != std::string::npos ||
        source.find(rules::kLaunchBoundsMacro) == std::string::npos)
      continue;
    for (const Config& config : info.space.configurations()) {
      const Geometry geometry{Dim(1), Dim(kThreads), 0, nullptr};
      const detail::CompileRequest request = detail::compile_request(info, config, geometry, kArch);
      std::string bounds = "__launch_bounds__(" + std::to_string(kThreads);
      if (request.hints.min_blocks_per_sm > 0)
        bounds += ", " + std::to_string(request.hints.min_blocks_per_sm);
      std::vector<std::string> options = info.options;
      const detail::FrontEndOutput source_build =
          detail::compile_to_ptx({with_bounds_written_in(source, bounds + ")"), info.file,
                                  request.name_expression, options, kArch});
      const detail::LinkOutput linked =
          detail::link_to_cubin(source_build.ptx, source_build.lowered_name, kArch);
      EXPECT_LE(compiler.compile(request)->registers, linked.registers)
          << info.file << ":" << info.line << " " << info.space.describe(config);
      ++compared;
    }
  }
  // Most of the corpus: a slicer that stopped writing the macro would leave nothing compared.
  EXPECT_GT(compared, 20);
}

}  // namespace
}  // namespace tiletune
