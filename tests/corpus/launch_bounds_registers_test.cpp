// Issue 16, on the corpus: every configuration of every site the tool sliced, built the way a
// tuning builds it, uses no more registers and spills no more than a build by NVRTC from the same
// source with the same __launch_bounds__ written on the kernel (cubins for sm_90; no GPU needed).
#include "compile/nvrtc_compiler.h"
#include "instantiation/launch_bounds.h"
#include "nvrtc/nvrtc_front_end.h"
#include "tune/site_variant.h"

#include <tiletune/rules.h>
#include <tiletune/tiletune.h>

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace tiletune {
namespace {

constexpr int kArch = 90;
constexpr unsigned kThreads = 128;  // a nominal block size, as SlicesCompile uses

// The kernel's launch bounds as the slice writes them: of its template parameters (issue 32), or
// the macro.
std::string bounds_as_sliced(bool template_arguments) {
  if (!template_arguments) return rules::kLaunchBoundsMacro;
  return std::string("__launch_bounds__(") + rules::kMaxThreadsParameter + ", " +
         rules::kMinBlocksParameter + ")";
}

// The device source with the bounds, where the kernel carries them, replaced by `bounds`; the
// definition of the macro, and the template parameters, stay (unused).
std::string with_bounds_written_in(const std::string& source, const std::string& sliced,
                                   const std::string& bounds) {
  std::string text = source;
  std::size_t at = text.rfind(sliced);
  return text.replace(at, sliced.size(), bounds);
}

TEST(CorpusLaunchBoundsRegisters, TiletunesBuildUsesTheRegistersOfTheSourceBuild) {
  detail::NvrtcCompiler compiler(nullptr, detail::PchMode::kOff);
  int compared = 0;
  for (Site* site : sites()) {
    const SiteInfo& info = site->info();
    const std::string source = info.device_source;
    // Constant(...) sites take values from a launch key; kernels with their own
    // __launch_bounds__ carry neither form.
    const std::string sliced = bounds_as_sliced(detail::passes_launch_bounds(info.name_expression));
    if (std::string(info.name_expression).find("$#") != std::string::npos ||
        source.find(sliced) == std::string::npos)
      continue;
    const int occupancy_axis = info.space.axis_index(rules::kOccupancy);
    for (const Config& config : info.space.configurations()) {
      const Geometry geometry{Dim(1), Dim(kThreads), 0, nullptr};
      const detail::CompileRequest request = detail::compile_request(info, config, geometry, kArch);
      const long occupancy = occupancy_axis >= 0 ? config[occupancy_axis] : info.hints.occupancy;
      std::string bounds = "__launch_bounds__(" + std::to_string(kThreads);
      if (occupancy > 0) bounds += ", " + std::to_string(occupancy);
      // The source build: NVRTC straight to a cubin, whole-program ptxas as nvcc -cubin.
      const std::string bounded = with_bounds_written_in(source, sliced, bounds + ")");
      detail::FrontEndInput source_build{
          bounded, info.file, request.name_expression,
          std::vector<std::string>(info.options.begin(), info.options.end()), kArch};
      source_build.cubin = true;
      const detail::FrontEndOutput built = detail::compile_to_ptx(source_build);
      const std::shared_ptr<const detail::CompiledKernel> tuned = compiler.compile(request);
      const std::string where = std::string(info.file) + ":" + std::to_string(info.line) + " " +
                                info.space.describe(config);
      EXPECT_LE(tuned->registers, built.registers) << where;
      ASSERT_GE(built.spill_bytes, 0) << where << ": no spill report\n" << built.log;
      EXPECT_LE(tuned->spill_bytes, built.spill_bytes) << where;
      ++compared;
    }
  }
  // Most of the corpus: a slicer that stopped writing the bounds would leave nothing compared.
  EXPECT_GT(compared, 20);
}

}  // namespace
}  // namespace tiletune
