// The front end sees each configuration's block size and occupancy as launch bounds where the
// device source carries TILETUNE_LAUNCH_BOUNDS (issue 16): the option, its place in the compile
// request, and machine code with the registers of a build from source with __launch_bounds__.
// Where the kernel takes them as template arguments (issue 32): the name expression, and one
// program for every configuration whose machine code is each configuration's own program's.
#include <gtest/gtest.h>
#include <tiletune/error.h>

#include <string>
#include <string_view>

#include "compile/machine_code/cubin_linker.h"
#include "compile/nvrtc_compiler.h"
#include "cubin/elf_sections.h"
#include "instantiation/launch_bounds.h"
#include "instantiation/name_expression.h"
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

TEST(LaunchBoundsArguments, TheNameExpressionPassesThemAndTheOptionsStayEqual) {
  SiteInfo site = bench::matmul_site_with_bounds_arguments();
  site.options = {"-DX=1"};
  const CompileRequest request = compile_request(site, {32, 64, 8, 2}, block_of(16, 16), kArch);
  EXPECT_EQ(request.name_expression, "matmul<(256), (2), (32), (64), (8)>");
  EXPECT_EQ(request.options, std::vector<std::string>{"-DX=1"}) << "no -D per configuration";
  EXPECT_EQ(output_kind(request), OutputKind::kCubin) << "the bounds replace the PTX hints";
  const CompileRequest other = compile_request(site, {32, 64, 8, 1}, block_of(8, 8), kArch);
  EXPECT_EQ(other.name_expression, "matmul<(64), (1), (32), (64), (8)>");
  EXPECT_EQ(other.options, request.options) << "so the two can share one program";
}

TEST(LaunchBoundsArguments, WithoutAnOccupancyTheMinimumIsZero) {
  SiteInfo site = bench::matmul_site_with_bounds_arguments();
  site.space = Space::cartesian({{"bm", {16}}, {"bn", {32}}, {"bk", {8}}});
  const CompileRequest request = compile_request(site, {16, 32, 8}, block_of(16, 16), kArch);
  EXPECT_EQ(request.name_expression, "matmul<(256), (0), (16), (32), (8)>");
  EXPECT_FALSE(has_hints(request.hints));
}

TEST(LaunchBoundsArguments, APlaceholderThatIsNoBoundOrBoundsNotKnownAreErrors) {
  const Space space = Space::cartesian({{"tile", {64}}});
  const Config config = space.configurations()[0];
  const LaunchBounds bounds{64, 2}, no_block_size{0, 2};
  EXPECT_EQ(
      substitute_axes("k<$@max_threads, $@min_blocks, $tile>", space, config, nullptr, &bounds),
      "k<(64), (2), (64)>");
  EXPECT_THROW(substitute_axes("k<$@threads>", space, config, nullptr, &bounds), Error);
  EXPECT_THROW(substitute_axes("k<$@max_threads>", space, config), Error);
  EXPECT_THROW(substitute_axes("k<$@min_blocks>", space, config, nullptr, &no_block_size), Error);
  EXPECT_TRUE(passes_launch_bounds("k<$@max_threads, $@min_blocks>"));
  EXPECT_FALSE(passes_launch_bounds("k<$tile>"));
}

// The kernel's code section, byte for byte (a batch's cubin holds every kernel of the batch).
std::vector<char> code_of(const CompiledKernel& kernel) {
  std::optional<std::vector<char>> code = elf_section(kernel.cubin, ".text." + kernel.entry);
  EXPECT_TRUE(code) << "no code section for " << kernel.entry;
  return code.value_or(std::vector<char>{});
}

// Every configuration of the matmul space (block sizes and occupancies that differ), built in one
// NVRTC program with its bounds as template arguments, against the same configuration built as
// its own program with the bounds defined as the macro: the same registers, spills and code.
TEST(LaunchBoundsArguments, OneProgramBuildsEachConfigurationAsItsOwnProgramDoes) {
  const SiteInfo macro_site = matmul_site();
  const SiteInfo site = bench::matmul_site_with_bounds_arguments();
  std::vector<CompileRequest> requests;
  std::vector<Geometry> geometries;
  for (const Config& config : site.space.configurations()) {
    // Two block sizes, so that the bounds differ in threads as well as in occupancy.
    geometries.push_back(config[1] == 64 ? block_of(16, 16) : block_of(16, 8));
    requests.push_back(compile_request(site, config, geometries.back(), kArch));
  }
  NvrtcCompiler batched(nullptr, PchMode::kOff);
  batched.prepare(requests);
  EXPECT_EQ(batched.counters().front_end_runs.load(), 1) << "every configuration in one program";
  NvrtcCompiler own_programs(nullptr, PchMode::kOff);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const Config& config = site.space.configurations()[i];
    const auto one =
        own_programs.compile(compile_request(macro_site, config, geometries[i], kArch));
    const auto shared = batched.compile(requests[i]);
    EXPECT_EQ(shared->registers, one->registers) << requests[i].description;
    EXPECT_EQ(shared->spill_bytes, one->spill_bytes) << requests[i].description;
    const std::vector<char> code = code_of(*shared);
    EXPECT_FALSE(code.empty());
    EXPECT_TRUE(code == code_of(*one)) << requests[i].description << ": the code differs";
  }
  EXPECT_EQ(batched.counters().front_end_runs.load(), 1) << "nothing built again";
  EXPECT_EQ(own_programs.counters().front_end_runs.load(), static_cast<int>(requests.size()));
}

}  // namespace
}  // namespace tiletune::detail
