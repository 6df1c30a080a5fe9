// The front end sees each configuration's block size and occupancy as launch bounds where the
// device source carries TILETUNE_LAUNCH_BOUNDS (issue 16): the option, its place in the compile
// request, and machine code with the registers of a build from source with __launch_bounds__.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "compile/machine_code/cubin_linker.h"
#include "compile/nvrtc_compiler.h"
#include "instantiation/launch_bounds.h"
#include "nvrtc/nvrtc_front_end.h"
#include "tune/site_variant.h"
#include "tuning_bench_support.h"

namespace tiletune::detail {
namespace {

constexpr int kArch = 90;

// The tuning_time matmul (bench/tuning_bench_support.h), as the tool slices it: the macro on the
// kernel, empty unless defined.
using bench::kMatmulSource;
using bench::matmul_site;

Geometry block_of(unsigned x, unsigned y) { return Geometry{Dim(64), Dim(x, y), 0, nullptr}; }

TEST(LaunchBoundsOption, NoneForASourceWithoutTheMacro) {
  EXPECT_FALSE(launch_bounds_option("__global__ void k() {}", 256, 2));
}

TEST(LaunchBoundsOption, NoneWithoutABlockSize) {
  EXPECT_FALSE(launch_bounds_option(kMatmulSource, 0, 2));
}

TEST(LaunchBoundsOption, ThreadsAndMinimumBlocks) {
  EXPECT_EQ(launch_bounds_option(kMatmulSource, 256, 2),
            "-DTILETUNE_LAUNCH_BOUNDS=__launch_bounds__(256, 2)");
  EXPECT_EQ(launch_bounds_option(kMatmulSource, 128, 0),
            "-DTILETUNE_LAUNCH_BOUNDS=__launch_bounds__(128)");
}

TEST(LaunchBoundsRequest, TheBlockSizeOfEveryDimensionAndTheOccupancyAxis) {
  const SiteInfo site = matmul_site();
  const CompileRequest request = compile_request(site, {32, 64, 8, 2}, block_of(16, 16), kArch);
  ASSERT_FALSE(request.options.empty());
  EXPECT_EQ(request.options.back(), "-DTILETUNE_LAUNCH_BOUNDS=__launch_bounds__(256, 2)");
  // The bounds make the PTX edit redundant: NVRTC builds the cubin itself.
  EXPECT_EQ(output_kind(request), OutputKind::kCubin);
}

TEST(LaunchBoundsRequest, ASourceWithoutTheMacroKeepsItsOptions) {
  SiteInfo site = matmul_site();
  site.device_source = "template <int BM, int BN, int BK> __global__ void matmul() {}";
  site.options = {"-DX=1"};
  const CompileRequest request = compile_request(site, {32, 64, 8, 2}, block_of(16, 16), kArch);
  EXPECT_EQ(request.options, std::vector<std::string>{"-DX=1"});
  // The occupancy reaches ptxas only as hints edited into the PTX.
  EXPECT_EQ(request.hints.min_blocks_per_sm, 2u);
  EXPECT_EQ(output_kind(request), OutputKind::kPtx);
}

// `source` with the macro on the kernel replaced by `bounds`, as a person would write them.
std::string with_bounds_written_in(std::string_view source, const std::string& bounds) {
  std::string text(source);
  const std::string marked = "TILETUNE_LAUNCH_BOUNDS matmul";
  text.replace(text.find(marked), marked.size(), bounds + " matmul");
  return text;
}

// NVRTC straight to a cubin, whole-program as nvcc -cubin builds it.
int source_build_registers(const std::string& source, const std::string& name_expression) {
  FrontEndInput input{source, "matmul.cu", name_expression, {}, kArch};
  input.cubin = true;
  return compile_to_ptx(input).registers;
}

// Every configuration of the matmul space, built the way the tuner builds it, against NVRTC from
// source with the same __launch_bounds__ written on the kernel: the same registers. Without the
// macro (bounds in the PTX only) some configurations differ, which is what this holds against.
TEST(LaunchBoundsCode, RegistersOfEveryConfigurationMatchTheSourceBuild) {
  const SiteInfo site = matmul_site();
  SiteInfo unmarked = site;
  const std::string unmarked_source = with_bounds_written_in(kMatmulSource, "");
  unmarked.device_source = unmarked_source.c_str();
  NvrtcCompiler compiler(nullptr, PchMode::kOff);
  int differ_without_macro = 0;
  for (const Config& config : site.space.configurations()) {
    const CompileRequest request = compile_request(site, config, block_of(16, 16), kArch);
    const std::string bounds = "__launch_bounds__(256, " +
                               std::to_string(config[site.space.axis_index("occupancy")]) + ")";
    const int source_build = source_build_registers(with_bounds_written_in(kMatmulSource, bounds),
                                                    request.name_expression);
    EXPECT_EQ(compiler.compile(request)->registers, source_build) << request.description;
    const CompileRequest ptx_only = compile_request(unmarked, config, block_of(16, 16), kArch);
    differ_without_macro += compiler.compile(ptx_only)->registers != source_build;
  }
  EXPECT_GT(differ_without_macro, 0) << "the space no longer shows what the macro changes";
}

}  // namespace
}  // namespace tiletune::detail
