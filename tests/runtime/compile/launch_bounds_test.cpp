// The front end sees each configuration's block size and occupancy as launch bounds where the
// device source carries TILETUNE_LAUNCH_BOUNDS (issue 16): the option, its place in the compile
// request, and machine code with the registers of a build from source with __launch_bounds__.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "compile/cubin_linker.h"
#include "compile/launch_bounds.h"
#include "compile/nvrtc_compiler.h"
#include "compile/nvrtc_front_end.h"
#include "tune/site_variant.h"

namespace tiletune::detail {
namespace {

constexpr int kArch = 90;

// The tuning_time matmul as the tool slices it: the macro on the kernel, empty unless defined.
constexpr const char* kMatmulSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int BM, int BN, int BK>
__global__ void TILETUNE_LAUNCH_BOUNDS matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  constexpr int TM = BM / 16, TN = BN / 16;
  int tx = threadIdx.x, ty = threadIdx.y, t = ty * 16 + tx;
  int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < n; k0 += BK) {
    for (int i = t; i < BM * BK; i += 256) As[i / BK][i % BK] = A[(row0 + i / BK) * n + k0 + i % BK];
    for (int i = t; i < BK * BN; i += 256) Bs[i / BN][i % BN] = B[(k0 + i / BN) * n + col0 + i % BN];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int a = 0; a < TM; ++a)
#pragma unroll
        for (int b = 0; b < TN; ++b) acc[a][b] += As[ty + a * 16][k] * Bs[k][tx + b * 16];
    __syncthreads();
  }
  for (int a = 0; a < TM; ++a)
    for (int b = 0; b < TN; ++b) C[(row0 + ty + a * 16) * n + col0 + tx + b * 16] = acc[a][b];
}
)";

SiteInfo matmul_site() {
  SiteInfo info;
  info.file = "matmul.cu";
  info.line = 1;
  info.kernel = "matmul<$bm, $bn, $bk>";
  info.device_source = kMatmulSource;
  info.name_expression = "matmul<$bm, $bn, $bk>";
  info.space = Space::cartesian(
      {{"bm", {16, 32, 64}}, {"bn", {32, 64}}, {"bk", {8, 16}}, {"occupancy", {1, 2}}});
  return info;
}

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
}

TEST(LaunchBoundsRequest, ASourceWithoutTheMacroKeepsItsOptions) {
  SiteInfo site = matmul_site();
  site.device_source = "template <int BM, int BN, int BK> __global__ void matmul() {}";
  site.options = {"-DX=1"};
  const CompileRequest request = compile_request(site, {32, 64, 8, 2}, block_of(16, 16), kArch);
  EXPECT_EQ(request.options, std::vector<std::string>{"-DX=1"});
}

// `source` with the macro on the kernel replaced by `bounds`, as a person would write them.
std::string with_bounds_written_in(std::string_view source, const std::string& bounds) {
  std::string text(source);
  const std::string marked = "TILETUNE_LAUNCH_BOUNDS matmul";
  text.replace(text.find(marked), marked.size(), bounds + " matmul");
  return text;
}

int source_build_registers(const std::string& source, const std::string& name_expression) {
  const FrontEndOutput built = compile_to_ptx({source, "matmul.cu", name_expression, {}, kArch});
  return link_to_cubin(built.ptx, built.lowered_name, kArch).registers;
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
    const std::string bounds =
        "__launch_bounds__(256, " + std::to_string(request.hints.min_blocks_per_sm) + ")";
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
