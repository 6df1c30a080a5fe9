// The three compiler stages on the CPU (NVRTC, PTX hints, nvJitLink): no GPU or driver needed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>

#include "compile/machine_code/cubin_linker.h"
#include "compile/machine_code/ptx_entries.h"
#include "compile/machine_code/ptx_hints.h"
#include "cubin/assembler_report.h"
#include "nvrtc/nvrtc_front_end.h"
#include "support/elf_section.h"
#include "support/test_kernels.h"
#include "tiletune/error.h"

namespace tiletune::detail {
namespace {

using testing::kNarrowAndWideKernels;
using testing::kVaddSource;

constexpr int kArch = 90;

FrontEndOutput compile(std::string_view source, std::string name_expression) {
  return compile_to_ptx({source, "test.cu", std::move(name_expression), {}, kArch});
}

size_t count_of(std::string_view text, std::string_view what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// The directives between the entry's parameter list and its body.
std::string directives_of(const std::string& ptx, const std::string& entry) {
  const size_t at = ptx.find(".entry " + entry + "(");
  EXPECT_NE(at, std::string::npos) << entry;
  const size_t params_end = ptx.find(')', at);
  return ptx.substr(params_end + 1, ptx.find('{', params_end) - params_end - 1);
}

TEST(FrontEnd, TemplateKernelBecomesAnEntryUnderItsLoweredName) {
  const FrontEndOutput out = compile(kVaddSource, "vadd<128>");
  EXPECT_EQ(out.lowered_name, "_Z4vaddILi128EEvPKfS1_Pfi");
  EXPECT_NE(out.ptx.find(".entry " + out.lowered_name + "("), std::string::npos) << out.ptx;
  EXPECT_NE(out.ptx.find(".target sm_90"), std::string::npos);
  // The constant reached the code: blockIdx.x * 128 is a shift by 7.
  EXPECT_NE(out.ptx.find("shl.b32"), std::string::npos) << out.ptx;
}

TEST(FrontEnd, KernelInANamespace) {
  const FrontEndOutput out = compile(R"(
namespace ns {
__global__ void k(float* out) { out[threadIdx.x] = 2.0f; }
}
)",
                                     "ns::k");
  EXPECT_EQ(out.lowered_name, "_ZN2ns1kEPf");
  EXPECT_NE(out.ptx.find(".entry _ZN2ns1kEPf("), std::string::npos) << out.ptx;
}

TEST(FrontEnd, SyntaxErrorReportsTheUsersFileAndLine) {
  constexpr std::string_view source = R"(#line 42 "user.cu"
__global__ void broken(float* out) {
  out[0] = 1.0f +;
}
)";
  try {
    compile(source, "broken");
    FAIL() << "a syntax error compiled";
  } catch (const CompileError& error) {
    EXPECT_NE(error.log().find("user.cu(43)"), std::string::npos) << error.log();
    EXPECT_NE(std::string_view(error.what()).find("`broken`"), std::string_view::npos)
        << error.what();
    EXPECT_NE(std::string_view(error.what()).find("user.cu(43): error"), std::string_view::npos)
        << error.what();
  }
}

TEST(FrontEnd, CallersOptionsComeAfterTheDefaults) {
  constexpr std::string_view source = R"(
static_assert(__cplusplus > 201703L, "compiled as C++17");
template <int TILE>
__global__ void fill(float* out) { out[threadIdx.x] = TILE * SCALE; }
)";
  EXPECT_THROW(compile_to_ptx({source, "test.cu", "fill<4>", {"-DSCALE=2"}, kArch}), CompileError);
  const FrontEndOutput out =
      compile_to_ptx({source, "test.cu", "fill<4>", {"-std=c++20", "-DSCALE=2"}, kArch});
  EXPECT_NE(out.ptx.find(".entry " + out.lowered_name + "("), std::string::npos);
  // TILE * SCALE = 8.0f, stored as its bit pattern 0x41000000.
  EXPECT_NE(out.ptx.find("1090519040"), std::string::npos) << out.ptx;
}

// NVRTC 13's own use of the driver's cache would hand back cached programs without their log.
TEST(FrontEnd, NvrtcKeepsNothingInTheDriversCache) {
  FrontEndInput input{kVaddSource, "test.cu", "vadd<128>", {"-DX=1"}, kArch};
  for (const bool cubin : {false, true}) {
    input.cubin = cubin;
    const std::vector<std::string> options = front_end_options(input);
    EXPECT_NE(std::find(options.begin(), options.end(), "--no-cache"), options.end());
    EXPECT_EQ(options.back(), "-DX=1") << "the caller's options come last";
    EXPECT_NO_THROW(compile_to_ptx(input)) << "this NVRTC takes --no-cache";
  }
}

TEST(FrontEnd, UnknownOptionIsAnErrorNotACompileError) {
  try {
    compile_to_ptx({kVaddSource, "test.cu", "vadd<128>", {"--no-such-option"}, kArch});
    FAIL() << "an unknown option was accepted";
  } catch (const CompileError& error) {
    FAIL() << "reported as the source's fault: " << error.what();
  } catch (const Error& error) {
    EXPECT_NE(std::string_view(error.what()).find("--no-such-option"), std::string_view::npos)
        << error.what();
  }
}

TEST(FrontEnd, ToolkitHeadersAreOnTheIncludePath) {
  const FrontEndOutput out = compile(R"(
#include <cuda_fp16.h>
__global__ void scale(__half* x, __half factor) {
  x[threadIdx.x] = __hmul(x[threadIdx.x], factor) + __float2half(1.0f);
}
)",
                                     "scale");
  EXPECT_NE(out.ptx.find(".entry " + out.lowered_name + "("), std::string::npos);
  EXPECT_NE(out.ptx.find("mul.f16"), std::string::npos) << out.ptx;
}

TEST(FrontEnd, IncludeDirectoryFromTheEnvironmentWins) {
  ASSERT_EQ(setenv("TILETUNE_CUDA_INCLUDE", "/somewhere/else", 1), 0);
  EXPECT_EQ(toolkit_include_dir(), "/somewhere/else");
  ASSERT_EQ(unsetenv("TILETUNE_CUDA_INCLUDE"), 0);
  EXPECT_NE(toolkit_include_dir(), "/somewhere/else");
  EXPECT_FALSE(toolkit_include_dir().empty());
}

// Two kernels, one name a prefix of the other's; extern "C" keeps the names as written.
constexpr std::string_view kPrefixPairSource = R"(
extern "C" __global__ void k(float* out) { out[threadIdx.x] = 1.0f; }
extern "C" __global__ void k_wide(float* out) { out[threadIdx.x] = 2.0f; }
)";

TEST(PtxHints, InsertsDirectivesBeforeTheBody) {
  const FrontEndOutput out = compile(kVaddSource, "vadd<128>");
  ASSERT_EQ(directives_of(out.ptx, out.lowered_name).find_first_not_of(" \t\n"), std::string::npos);

  EntryHints hints;
  hints.max_threads[0] = 128;
  hints.min_blocks_per_sm = 3;
  const std::string hinted = apply_entry_hints(out.ptx, out.lowered_name, hints);
  EXPECT_EQ(directives_of(hinted, out.lowered_name), "\n.maxntid 128, 1, 1\n.minnctapersm 3\n");
  // Nothing else changed.
  const size_t params_end = hinted.find(')', hinted.find(".entry " + out.lowered_name));
  EXPECT_EQ(hinted.substr(0, params_end), out.ptx.substr(0, params_end));
  EXPECT_EQ(hinted.size(),
            out.ptx.size() + std::string(".maxntid 128, 1, 1\n.minnctapersm 3\n").size());
}

TEST(PtxHints, ReplacesDirectivesFromLaunchBounds) {
  const FrontEndOutput out = compile(R"(
__global__ void __launch_bounds__(256, 2) bounded(float* out) { out[threadIdx.x] = 1.0f; }
)",
                                     "bounded");
  const std::string before = directives_of(out.ptx, out.lowered_name);
  ASSERT_NE(before.find(".maxntid 256, 1, 1"), std::string::npos) << before;
  ASSERT_NE(before.find(".minnctapersm 2"), std::string::npos) << before;

  EntryHints hints;
  hints.max_threads[0] = 64;
  hints.max_threads[1] = 2;
  hints.min_blocks_per_sm = 8;
  const std::string after =
      directives_of(apply_entry_hints(out.ptx, out.lowered_name, hints), out.lowered_name);
  EXPECT_EQ(count_of(after, ".maxntid"), 1u) << after;
  EXPECT_EQ(count_of(after, ".minnctapersm"), 1u) << after;
  EXPECT_NE(after.find(".maxntid 64, 2, 1"), std::string::npos) << after;
  EXPECT_NE(after.find(".minnctapersm 8"), std::string::npos) << after;
}

TEST(PtxHints, ZeroFieldsLeaveTheEntryAsItIs) {
  const FrontEndOutput out = compile(R"(
__global__ void __launch_bounds__(256, 2) bounded(float* out) { out[threadIdx.x] = 1.0f; }
)",
                                     "bounded");
  EXPECT_EQ(apply_entry_hints(out.ptx, out.lowered_name, EntryHints{}), out.ptx);

  EntryHints blocks_only;
  blocks_only.min_blocks_per_sm = 4;
  const std::string after =
      directives_of(apply_entry_hints(out.ptx, out.lowered_name, blocks_only), out.lowered_name);
  EXPECT_NE(after.find(".maxntid 256, 1, 1"), std::string::npos) << after;
  EXPECT_NE(after.find(".minnctapersm 4"), std::string::npos) << after;
}

TEST(PtxHints, OnlyTheNamedEntryChangesWhenOneNameIsAPrefixOfAnother) {
  const FrontEndOutput out = compile(kPrefixPairSource, "k");
  ASSERT_EQ(out.lowered_name, "k");
  ASSERT_NE(out.ptx.find(".entry k_wide("), std::string::npos);

  EntryHints hints;
  hints.max_threads[0] = 512;
  hints.min_blocks_per_sm = 2;
  const std::string on_k = apply_entry_hints(out.ptx, "k", hints);
  EXPECT_NE(directives_of(on_k, "k").find(".maxntid 512, 1, 1"), std::string::npos);
  EXPECT_EQ(directives_of(on_k, "k_wide"), directives_of(out.ptx, "k_wide"));

  const std::string on_wide = apply_entry_hints(out.ptx, "k_wide", hints);
  EXPECT_NE(directives_of(on_wide, "k_wide").find(".minnctapersm 2"), std::string::npos);
  EXPECT_EQ(directives_of(on_wide, "k"), directives_of(out.ptx, "k"));

  EXPECT_THROW(apply_entry_hints(out.ptx, "k_w", hints), Error);
}

TEST(PtxHints, MissingEntryThrows) {
  const FrontEndOutput out = compile(kVaddSource, "vadd<128>");
  EntryHints hints;
  hints.min_blocks_per_sm = 2;
  try {
    apply_entry_hints(out.ptx, "_Z4vaddILi64EEvPKfS1_Pfi", hints);
    FAIL() << "hints applied to an entry that is not there";
  } catch (const Error& error) {
    EXPECT_EQ(std::string(error.what()), "PTX has no entry `_Z4vaddILi64EEvPKfS1_Pfi`");
  }
}

TEST(FrontEndBatch, OneProgramHoldsEveryInstantiationInTheOrderAsked) {
  const FrontEndBatchOutput out = compile_to_ptx({kVaddSource, "test.cu", "", {}, kArch},
                                                 {"vadd<256>", "vadd<64>", "vadd<128>"});
  ASSERT_EQ(out.lowered_names.size(), 3u);
  EXPECT_EQ(out.lowered_names[0], "_Z4vaddILi256EEvPKfS1_Pfi");
  EXPECT_EQ(out.lowered_names[1], "_Z4vaddILi64EEvPKfS1_Pfi");
  EXPECT_EQ(out.lowered_names[2], "_Z4vaddILi128EEvPKfS1_Pfi");
  EXPECT_EQ(count_of(out.ptx, ".entry "), 3u);
}

TEST(FrontEndBatch, AnErrorNamesEveryInstantiationOfTheBatch) {
  try {
    compile_to_ptx({"template <int N> __global__ void k() { static_assert(N > 1, \"too small\"); }",
                    "test.cu",
                    "",
                    {},
                    kArch},
                   {"k<1>", "k<2>"});
    FAIL() << "k<1> compiled";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("NVRTC could not compile `k<1>`, `k<2>`: "),
              std::string::npos)
        << e.what();
    EXPECT_NE(e.log().find("too small"), std::string::npos) << e.log();
  }
}

TEST(PtxEntries, WithoutEntriesKeepsOnlyTheOneAskedForAndItStillLinks) {
  const FrontEndBatchOutput out = compile_to_ptx({kVaddSource, "test.cu", "", {}, kArch},
                                                 {"vadd<64>", "vadd<128>", "vadd<256>"});
  const std::string only = without_entries(out.ptx, {out.lowered_names[0], out.lowered_names[2]});
  EXPECT_EQ(count_of(only, ".entry "), 1u);
  EXPECT_TRUE(find_entry(only, out.lowered_names[1]));
  EXPECT_FALSE(find_entry(only, out.lowered_names[0]));
  EXPECT_FALSE(find_entry(only, out.lowered_names[2]));
  EXPECT_EQ(only.substr(0, only.find(".entry")).find(".version"),
            out.ptx.substr(0, out.ptx.find(".entry")).find(".version"))
      << "the module header was touched";
  const LinkOutput linked = link_to_cubin(only, out.lowered_names[1], kArch);
  EXPECT_EQ(std::string_view(linked.cubin.data(), 4),
            "\x7f"
            "ELF");

  // The same kernel compiled alone links to the same machine code.
  const FrontEndOutput alone = compile(kVaddSource, "vadd<128>");
  const std::string text = ".text." + alone.lowered_name;
  const auto code =
      testing::elf_section(link_to_cubin(alone.ptx, alone.lowered_name, kArch).cubin, text);
  ASSERT_TRUE(code);
  EXPECT_FALSE(code->empty());
  EXPECT_EQ(code, testing::elf_section(linked.cubin, text));
}

TEST(PtxEntries, BracesInCommentsAndDeclarationsDoNotMisleadIt) {
  constexpr std::string_view ptx = R"(.version 9.0
.target sm_90
.address_size 64
.extern .entry a(.param .u32 p);
// .entry a() { a comment, not a definition }
.visible .entry a(
.param .u32 a_param_0
)
{
  // a stray } in a comment
  /* and { another */
  { .reg .b32 scoped; }
  ret;
}
.visible .entry ab()
{
  ret;
}
)";
  const std::optional<EntrySpan> a = find_entry(ptx, "a");
  ASSERT_TRUE(a);
  EXPECT_EQ(ptx.substr(a->line_begin, 17), ".visible .entry a");
  EXPECT_EQ(ptx.substr(a->end - 2, 3), "\n}\n");
  EXPECT_EQ(ptx.substr(a->end + 1, 16), ".visible .entry ");
  EXPECT_EQ(ptx[a->body], '{');

  const std::string without_a = without_entries(ptx, {"a"});
  EXPECT_TRUE(find_entry(without_a, "ab"));
  EXPECT_FALSE(find_entry(without_a, "a"));
  EXPECT_NE(without_a.find(".extern .entry a("), std::string::npos) << "the declaration went";
  EXPECT_EQ(without_entries(ptx, {}), ptx);
  try {
    without_entries(ptx, {"b"});
    FAIL() << "an entry that is not there was left out";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "PTX has no definition of entry `b` to leave out");
  }
}

TEST(Linker, AssemblesPtxIntoAnElfCubin) {
  const FrontEndOutput out = compile(kVaddSource, "vadd<128>");
  const LinkOutput linked = link_to_cubin(out.ptx, out.lowered_name, kArch);
  ASSERT_GE(linked.cubin.size(), 4u);
  EXPECT_EQ(std::string_view(linked.cubin.data(), 4),
            "\x7f"
            "ELF");
  EXPECT_GT(linked.registers, 0) << linked.info_log;
  EXPECT_NE(linked.info_log.find(out.lowered_name), std::string::npos) << linked.info_log;
}

// The ELF header's e_flags carry the SM version the machine code is for (bits 8-15 in CUDA 12+'s
// layout, bits 0-7 before it); both cubins here come from this toolkit, so they must agree.
unsigned elf_flags(const std::vector<char>& cubin) {
  unsigned flags = 0;
  EXPECT_GE(cubin.size(), 0x34u);
  if (cubin.size() >= 0x34) std::memcpy(&flags, cubin.data() + 0x30, sizeof flags);
  return flags;
}

TEST(FrontEndCubin, NvrtcBuildsMachineCodeForTheRealArchitecture) {
  FrontEndInput input{kVaddSource, "test.cu", "vadd<128>", {}, kArch};
  input.cubin = true;
  const FrontEndOutput out = compile_to_ptx(input);
  EXPECT_TRUE(out.ptx.empty());
  ASSERT_GE(out.cubin.size(), 4u);
  EXPECT_EQ(std::string_view(out.cubin.data(), 4),
            "\x7f"
            "ELF");
  EXPECT_EQ(out.lowered_name, "_Z4vaddILi128EEvPKfS1_Pfi");
  EXPECT_TRUE(elf_section(out.cubin, ".text." + out.lowered_name)) << "no code for the entry";
  EXPECT_GT(out.registers, 0) << out.log;
  // The same architecture as nvJitLink's cubin for sm_90.
  const FrontEndOutput ptx = compile(kVaddSource, "vadd<128>");
  const LinkOutput linked = link_to_cubin(ptx.ptx, ptx.lowered_name, kArch);
  EXPECT_EQ(elf_flags(out.cubin), elf_flags(linked.cubin));
  input.arch = 80;
  EXPECT_NE(elf_flags(compile_to_ptx(input).cubin), elf_flags(out.cubin)) << "sm_80 vs sm_90";
}

TEST(FrontEndCubin, ABatchIsOneCubinWithEveryEntryAndEachOnesRegisters) {
  FrontEndInput input{kVaddSource, "test.cu", "", {}, kArch};
  input.cubin = true;
  const FrontEndBatchOutput out = compile_to_ptx(input, {"vadd<256>", "vadd<64>"});
  ASSERT_EQ(out.lowered_names.size(), 2u);
  ASSERT_EQ(out.registers.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_TRUE(elf_section(out.cubin, ".text." + out.lowered_names[i])) << out.lowered_names[i];
    EXPECT_GT(out.registers[i], 0) << out.log;
  }
}

// Whole-program ptxas, as nvcc: never more registers than nvJitLink's relocatable build of the
// same PTX (issue 16: embedding backward 18 against 30).
TEST(FrontEndCubin, NoMoreRegistersThanPtxThroughTheLinker) {
  constexpr std::string_view kAtomics = R"(
__device__ float scale(float v, int i) { return v * (1.0f + 0.001f * (i & 7)); }
template <int ROWS>
__global__ void embedding_backward(const int* idx, const float* grad, float* table, int n, int d) {
  int row = blockIdx.x * ROWS + threadIdx.y;
  if (row >= n) return;
  const int to = idx[row];
  for (int c = threadIdx.x; c < d; c += blockDim.x)
    atomicAdd(&table[to * d + c], scale(grad[row * d + c], c));
}
)";
  FrontEndInput input{kAtomics, "test.cu", "embedding_backward<4>", {}, kArch};
  input.cubin = true;
  const FrontEndOutput direct = compile_to_ptx(input);
  const FrontEndOutput ptx = compile(kAtomics, "embedding_backward<4>");
  const LinkOutput linked = link_to_cubin(ptx.ptx, ptx.lowered_name, kArch);
  std::cout << "registers: NVRTC cubin " << direct.registers << ", PTX + nvJitLink "
            << linked.registers << "\n";
  EXPECT_GT(direct.registers, 0);
  EXPECT_LE(direct.registers, linked.registers);
}

TEST(Linker, ReportsTheRegistersOfTheNamedEntry) {
  const FrontEndOutput out = compile(kNarrowAndWideKernels, "k");
  const int small = link_to_cubin(out.ptx, "k", kArch).registers;
  const int wide = link_to_cubin(out.ptx, "k_wide", kArch).registers;
  std::cout << "registers: k " << small << ", k_wide " << wide << "\n";
  EXPECT_GT(small, 0);
  EXPECT_GT(wide, small);
}

TEST(Linker, InvalidPtxIsACompileErrorWithTheAssemblersLog) {
  const FrontEndOutput out = compile(kVaddSource, "vadd<128>");
  std::string ptx = out.ptx;
  const size_t add = ptx.find("add.f32");
  ASSERT_NE(add, std::string::npos);
  ptx.replace(add, 7, "frobnicate.f32");
  try {
    link_to_cubin(ptx, out.lowered_name, kArch);
    FAIL() << "invalid PTX assembled";
  } catch (const CompileError& error) {
    EXPECT_FALSE(error.log().empty());
    EXPECT_NE(error.log().find("error"), std::string::npos) << error.log();
    EXPECT_NE(std::string_view(error.what()).find("nvJitLink could not assemble"),
              std::string_view::npos);
  }
}

// Unconstrained, ptxas keeps all N loaded values in registers (over 200 of them for N = 128); the
// occupancy hint must make it give registers back and spill instead.
constexpr std::string_view kRegisterHeavySource = R"(
template <int N>
__global__ void heavy(const float* in, float* out, int stride) {
  float v[N];
  const int base = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) v[i] = in[base + i * stride];
#pragma unroll
  for (int round = 0; round < 4; ++round) {
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] = v[i] * v[(i + 1) % N] + v[(i + 7) % N];
  }
#pragma unroll
  for (int i = 0; i < N; ++i) out[base + i * stride] = v[i];
}
)";

TEST(Occupancy, RegistersFallAsMinimumBlocksPerSmRise) {
  const FrontEndOutput out = compile(kRegisterHeavySource, "heavy<128>");
  const int unconstrained = link_to_cubin(out.ptx, out.lowered_name, kArch).registers;
  std::cout << "registers: unconstrained " << unconstrained;
  ASSERT_GT(unconstrained, 128) << "the kernel is not register-heavy enough to show the fall";

  int previous = 0;
  for (const unsigned blocks : {1u, 2u, 4u}) {
    EntryHints hints;
    hints.max_threads[0] = 256;
    hints.max_threads[1] = 1;
    hints.max_threads[2] = 1;
    hints.min_blocks_per_sm = blocks;
    const LinkOutput linked =
        link_to_cubin(apply_entry_hints(out.ptx, out.lowered_name, hints), out.lowered_name, kArch);
    std::cout << ", occupancy " << blocks << ": " << linked.registers;
    RecordProperty("registers_at_occupancy_" + std::to_string(blocks), linked.registers);
    // 256 threads x `blocks` blocks must fit in 64K registers per multiprocessor.
    EXPECT_LE(linked.registers * 256 * static_cast<int>(blocks), 65536) << linked.info_log;
    if (previous != 0) {
      EXPECT_LT(linked.registers, previous) << "occupancy " << blocks;
    }
    previous = linked.registers;
  }
  std::cout << "\n";
}

// ptxas ignores .minnctapersm without a bound on the block size: the hint alone changes nothing,
// and the assembler says so.
// The occupancy that forces registers down makes ptxas spill; both builds report it for the entry.
TEST(Occupancy, SpillsAreReportedByTheLinkerAndByNvrtcsCubin) {
  const FrontEndOutput out = compile(kRegisterHeavySource, "heavy<128>");
  const LinkOutput free = link_to_cubin(out.ptx, out.lowered_name, kArch);
  EntryHints hints;
  hints.max_threads[0] = 256;
  hints.min_blocks_per_sm = 4;
  const LinkOutput tight =
      link_to_cubin(apply_entry_hints(out.ptx, out.lowered_name, hints), out.lowered_name, kArch);
  std::cout << "spill bytes: unconstrained " << free.spill_bytes << ", occupancy 4 "
            << tight.spill_bytes << "\n";
  EXPECT_EQ(free.spill_bytes, 0) << free.info_log;
  EXPECT_GT(tight.spill_bytes, 0) << tight.info_log;

  std::string bounded(kRegisterHeavySource);
  const std::string kernel = "__global__ void heavy";
  bounded.replace(bounded.find(kernel), kernel.size(),
                  "__global__ void __launch_bounds__(256, 4) heavy");
  FrontEndInput input{bounded, "test.cu", "heavy<128>", {}, kArch};
  input.cubin = true;
  const FrontEndOutput direct = compile_to_ptx(input);
  EXPECT_GT(direct.spill_bytes, 0) << direct.log;
}

TEST(SpillReport, ReadsTheNamedFunctionInEitherForm) {
  const std::string ptxas =
      "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
      "ptxas info    : Function properties for helper\n"
      "    0 bytes stack frame, 100 bytes spill stores, 100 bytes spill loads\n"
      "ptxas info    : Function properties for k\n"
      "    8 bytes stack frame, 12 bytes spill stores, 4 bytes spill loads\n"
      "ptxas info    : Used 255 registers\n";
  EXPECT_EQ(spill_bytes_of(ptxas, "k"), 16);
  EXPECT_EQ(spill_bytes_of(ptxas, "helper"), 200);
  EXPECT_EQ(spill_bytes_of(ptxas, "other"), -1);
  const std::string linker =
      "info    : Function properties for 'k':\n"
      "info    : used 40 registers, used 0 barriers, 8 bytes stack frame, 3 bytes spill stores, "
      "5 bytes spill loads\n";
  EXPECT_EQ(spill_bytes_of(linker, "k"), 8);
}

TEST(Occupancy, MinimumBlocksWithoutMaximumThreadsIsIgnored) {
  const FrontEndOutput out = compile(kRegisterHeavySource, "heavy<128>");
  const int unconstrained = link_to_cubin(out.ptx, out.lowered_name, kArch).registers;
  EntryHints hints;
  hints.min_blocks_per_sm = 4;
  const LinkOutput linked =
      link_to_cubin(apply_entry_hints(out.ptx, out.lowered_name, hints), out.lowered_name, kArch);
  EXPECT_EQ(linked.registers, unconstrained);
  EXPECT_NE(linked.info_log.find(".minnctapersm is ignored"), std::string::npos) << linked.info_log;
}

// The user's nvcc flags (a site's SiteInfo::options) reach the machine code on both routes to it:
// NVRTC's own cubin takes them as options, and PTX linked by nvJitLink (a site whose occupancy
// hint is written into the PTX) gets those the assembler acts on.
TEST(UserOptions, MaxRegisterCountReachesNvrtcsCubinAndTheLinkedPtx) {
  const FrontEndOutput free = compile(kRegisterHeavySource, "heavy<128>");
  ASSERT_GT(link_to_cubin(free.ptx, free.lowered_name, kArch).registers, 64);
  const std::vector<std::string> options = {"--maxrregcount=64"};
  FrontEndInput input{kRegisterHeavySource, "test.cu", "heavy<128>", options, kArch};
  const FrontEndOutput ptx = compile_to_ptx(input);
  const LinkOutput linked = link_to_cubin(ptx.ptx, ptx.lowered_name, kArch, options);
  EXPECT_LE(linked.registers, 64) << linked.info_log;
  input.cubin = true;
  const FrontEndOutput direct = compile_to_ptx(input);
  EXPECT_LE(direct.registers, 64) << direct.log;
}

// PTX carries nothing of -Xptxas: only the link can apply it.
TEST(UserOptions, AssemblerOptionsReachTheLinker) {
  const FrontEndOutput out = compile(kRegisterHeavySource, "heavy<128>");
  ASSERT_GT(link_to_cubin(out.ptx, out.lowered_name, kArch).registers, 40);
  const LinkOutput linked =
      link_to_cubin(out.ptx, out.lowered_name, kArch, {"--ptxas-options=-maxrregcount=40"});
  EXPECT_LE(linked.registers, 40) << linked.info_log;
}

TEST(UserOptions, TheAssemblersOptionsInNvJitLinksSpelling) {
  EXPECT_EQ(assembler_options({"-std=c++20", "--use_fast_math", "--maxrregcount=32",
                               "--ptxas-options=-O1", "--device-debug", "--generate-line-info",
                               "--ftz=true", "-DN=4", "--include-path=/inc"}),
            (std::vector<std::string>{"-maxrregcount=32", "-Xptxas=-O1", "-g", "-lineinfo"}));
  EXPECT_TRUE(assembler_options({}).empty());
}

// The options the assembler ran with, as it records them in the cubin (.note.nv.tkinfo).
std::string assembler_record(const std::vector<char>& cubin) {
  const std::optional<std::vector<char>> note = elf_section(cubin, ".note.nv.tkinfo");
  return note ? std::string(note->begin(), note->end()) : std::string();
}

// nvcc -G: the assembler gets -g for NVRTC's debug PTX, as nvcc gives ptxas.
TEST(UserOptions, DeviceDebugReachesTheAssembler) {
  const std::vector<std::string> options = {"--device-debug"};
  const FrontEndOutput out = compile_to_ptx({kVaddSource, "test.cu", "vadd<128>", options, kArch});
  const std::string debug =
      assembler_record(link_to_cubin(out.ptx, out.lowered_name, kArch, options).cubin);
  const std::string plain = assembler_record(link_to_cubin(out.ptx, out.lowered_name, kArch).cubin);
  EXPECT_NE(debug.find("-arch sm_90"), std::string::npos) << debug;
  EXPECT_NE(debug.find("-g "), std::string::npos) << debug;
  EXPECT_EQ(plain.find("-g "), std::string::npos) << plain;
}

TEST(Versions, NvrtcAndLinkerAreFromCuda13) {
  const int nvrtc = nvrtc_version();
  const int linker = linker_version();
  std::cout << "NVRTC " << nvrtc << ", nvJitLink " << linker << "\n";
  EXPECT_GE(nvrtc, 13000);
  EXPECT_LT(nvrtc, 14000);
  EXPECT_GE(linker, 13000);
  EXPECT_LT(linker, 14000);
}

}  // namespace
}  // namespace tiletune::detail
