#include "devcheck/device_arch.h"
#include "devcheck/launch_limits.h"
#include "devcheck/nvrtc_log.h"

#include <gtest/gtest.h>

namespace tiletune::tool {
namespace {

TEST(NvrtcLog, ErrorWithCaretGivesTheColumnAndKeepsTheInstantiationContext) {
  const std::vector<NvrtcDiagnostic> found = parse_nvrtc_log(
      "x.cu(18): error: static assertion failed with \"big\"\n"
      "      static_assert(T <= 256, \"big\");\n"
      "      ^\n"
      "          detected during instantiation of \"void k<T>() [with T=512]\" \n"
      "\n"
      "1 error detected in the compilation of \"x.cu\".\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].file, "x.cu");
  EXPECT_EQ(found[0].line, 18u);
  EXPECT_EQ(found[0].column, 5u);
  EXPECT_TRUE(found[0].error);
  EXPECT_EQ(found[0].message, "static assertion failed with \"big\"");
  ASSERT_EQ(found[0].context.size(), 1u);
  EXPECT_EQ(found[0].context[0], "detected during instantiation of \"void k<T>() [with T=512]\"");
}

TEST(NvrtcLog, WarningsCatastrophicErrorsAndFileNamesWithParentheses) {
  const std::vector<NvrtcDiagnostic> found = parse_nvrtc_log(
      "a (copy).cu(3): warning: variable \"x\" was declared but never referenced\n"
      "b.cu(7): catastrophic error: cannot open source file \"missing.h\"\n");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].file, "a (copy).cu");
  EXPECT_EQ(found[0].line, 3u);
  EXPECT_FALSE(found[0].error);
  EXPECT_EQ(found[0].column, 1u);  // no quoted line: column 1
  EXPECT_EQ(found[1].file, "b.cu");
  EXPECT_EQ(found[1].line, 7u);
  EXPECT_TRUE(found[1].error);
  EXPECT_EQ(found[1].message, "cannot open source file \"missing.h\"");
}

TEST(NvrtcLog, LinesThatNameNoPlaceAreNoDiagnostic) {
  EXPECT_TRUE(parse_nvrtc_log("nvrtc: error: invalid value for --gpu-architecture (-arch)\n"
                              "f(x): error: not a line number\n")
                  .empty());
}

TEST(DeviceArch, TakesTheFirstArchitectureNvccIsGivenElseTheDefault) {
  EXPECT_EQ(device_check_arch({}), kDefaultDeviceCheckArch);
  EXPECT_EQ(device_check_arch({"-O3", "-arch=native"}), kDefaultDeviceCheckArch);
  EXPECT_EQ(device_check_arch({"-arch", "sm_80"}), 80);
  EXPECT_EQ(device_check_arch({"--gpu-architecture=compute_75"}), 75);
  EXPECT_EQ(device_check_arch({"-arch=sm_90a"}), 90);
  EXPECT_EQ(device_check_arch({"-gencode", "arch=compute_86,code=sm_86", "-arch=sm_90"}), 86);
  EXPECT_EQ(device_check_arch({"--generate-code=arch=compute_100,code=sm_100"}), 100);
  EXPECT_EQ(device_check_arch({"-gencode", "arch=compute_80,code=sm_86"}), 86)
      << "the machine code's architecture, not the PTX's";
  EXPECT_EQ(kDefaultDeviceCheckArch, 75) << "nvcc's default in CUDA 13";
}

TEST(NvrtcLog, AnAssemblerFailureIsOneWithPtxasLinesAndNoFrontEndError) {
  EXPECT_TRUE(
      assembler_failed("ptxas info    : Compiling entry function '_Z1kILi16384EEvPf' for 'sm_75'\n"
                       "ptxas info    : Used 10 registers, used 1 barriers, 65536 bytes smem\n"));
  EXPECT_FALSE(assembler_failed("x.cu(3): error: identifier \"y\" is undefined\n"));
  EXPECT_FALSE(assembler_failed("nvrtc: error: invalid value for --gpu-architecture (-arch)\n"));
}

detail::KernelResources resources(int registers, long long stack) {
  detail::KernelResources r;
  r.registers = registers;
  r.stack = stack;
  return r;
}

TEST(LaunchLimits, RegistersAreCountedPerWarpInUnitsOf256) {
  // 64 registers x 1024 threads is the whole 64 Ki; 65 rounds a warp's 2080 up to 2304.
  EXPECT_EQ(why_cannot_run(resources(64, 0), 1024, 90), "");
  EXPECT_EQ(why_cannot_run(resources(65, 0), 1024, 90),
            "65 registers per thread in blocks of 1024 threads: 73728 registers, more than the "
            "65536 a block has on sm_90");
  EXPECT_EQ(why_cannot_run(resources(255, 0), 256, 90), "");
  EXPECT_NE(why_cannot_run(resources(255, 0), 257, 90), "") << "a ninth warp";
  EXPECT_EQ(why_cannot_run(resources(255, 0), 0, 90), "") << "block size unknown: no verdict";
  EXPECT_EQ(why_cannot_run(resources(-1, -1), 1024, 90), "") << "nothing read: no verdict";
}

TEST(LaunchLimits, AStackPast512KiBCannotRun) {
  EXPECT_EQ(why_cannot_run(resources(32, 524288), 128, 75), "");
  EXPECT_EQ(why_cannot_run(resources(32, 800000), 128, 75),
            "800000 bytes of stack per thread, more than the 524288 (512 KB) of local memory a "
            "thread may have");
}

TEST(LaunchLimits, WhyPtxasRefusedAnInstantiation) {
  // ptxas' report of a kernel with too much static shared memory (with its error, or without it,
  // as NVRTC 13 sometimes keeps it); 48 KB exactly is allowed.
  EXPECT_EQ(assembler_refusal("ptxas info    : Used 10 registers, 49152 bytes smem\n", 75),
            "ptxas could not assemble it for sm_75: ptxas info    : Used 10 registers, 49152 bytes "
            "smem");
  EXPECT_EQ(assembler_refusal("ptxas info    : Compiling entry function '_Z1kILi12289EEvPf' for "
                              "'sm_75'\nptxas info    : Used 10 registers, used 1 barriers, 49156 "
                              "bytes smem, 360 bytes cmem[0]\n",
                              75),
            "49156 bytes of static shared memory, more than the 49152 (48 KB) a block may have");
  EXPECT_EQ(assembler_refusal("ptxas info    : Used 10 registers, 65536 bytes smem\n ptxas error "
                              "  : Entry function 'k' uses too much shared data (0x10000 bytes, "
                              "0xc000 max)\n",
                              75),
            "65536 bytes of static shared memory, more than the 49152 (48 KB) a block may have");
  EXPECT_EQ(assembler_refusal("ptxas info    : 0 bytes gmem\n ptxas error   : Entry function 'k' "
                              "uses too much shared data (0x10000 bytes, 0xc000 max)\n",
                              75),
            "ptxas error   : Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 "
            "max)");
  EXPECT_EQ(assembler_refusal("ptxas info    : 0 bytes gmem\n", 80),
            "ptxas could not assemble it for sm_80: ptxas info    : 0 bytes gmem");
}

}  // namespace
}  // namespace tiletune::tool
