#include "devcheck/device_arch.h"
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
}

}  // namespace
}  // namespace tiletune::tool
