// Registers read from a cubin's own records (.nv.info), against what ptxas reports for the same
// build, and every way the read can find nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <regex>
#include <string>
#include <string_view>

#include "cubin/cubin_registers.h"
#include "cubin/elf_sections.h"
#include "nvrtc/nvrtc_front_end.h"
#include "support/test_kernels.h"

namespace tiletune::detail {
namespace {

FrontEndBatchOutput two_kernels() {
  FrontEndInput input{testing::kNarrowAndWideKernels, "test.cu", "", {}, 90};
  input.cubin = true;
  return compile_to_ptx(input, {"k", "k_wide"});
}

// ptxas' own count for `entry` in NVRTC's log ("Compiling entry function 'k'" ... "Used 8
// registers"); -1 when the log has none (a cubin from the driver's cache comes without a log).
int reported_registers(const std::string& log, const std::string& entry) {
  const std::regex heading("Compiling entry function '" + entry + "'[^]*?Used (\\d+) registers");
  std::smatch match;
  return std::regex_search(log, match, heading) ? std::stoi(match[1]) : -1;
}

TEST(CubinRegisters, EachFunctionsCountIsWhatPtxasReported) {
  const FrontEndBatchOutput out = two_kernels();
  for (const std::string entry : {"k", "k_wide"}) {
    const int reported = reported_registers(out.log, entry);
    ASSERT_GT(reported, 0) << "no ptxas report for " << entry << " in:\n" << out.log;
    EXPECT_EQ(registers_in_cubin(out.cubin, entry), reported) << entry;
  }
  EXPECT_GT(registers_in_cubin(out.cubin, "k_wide"), registers_in_cubin(out.cubin, "k"));
}

TEST(CubinRegisters, AFunctionTheCubinDoesNotHoldHasNoCount) {
  const FrontEndBatchOutput out = two_kernels();
  EXPECT_EQ(registers_in_cubin(out.cubin, "k_narrow"), -1);
  EXPECT_EQ(registers_in_cubin(out.cubin, "k_"), -1) << "a prefix of a name is not the name";
}

TEST(CubinRegisters, BytesThatAreNotACubinHaveNoCount) {
  EXPECT_EQ(registers_in_cubin({}, "k"), -1);
  const std::string text = "not an ELF file at all, just text";
  EXPECT_EQ(registers_in_cubin(std::vector<char>(text.begin(), text.end()), "k"), -1);
}

TEST(CubinRegisters, ARecordThatRunsPastItsSectionEndsTheRead) {
  FrontEndBatchOutput out = two_kernels();
  const std::optional<std::vector<char>> info = elf_section(out.cubin, ".nv.info");
  ASSERT_TRUE(info && info->size() >= 4);
  const auto at = std::search(out.cubin.begin(), out.cubin.end(), info->begin(), info->end());
  ASSERT_NE(at, out.cubin.end());
  // Every record of .nv.info made sized (format 0x04) and as long as 16-bit lengths go: the first
  // one already claims more bytes than the section has.
  at[0] = 0x04;
  const std::uint16_t too_long = 0xffff;
  std::memcpy(&at[2], &too_long, sizeof too_long);
  EXPECT_EQ(registers_in_cubin(out.cubin, "k"), -1);
  EXPECT_EQ(registers_in_cubin(out.cubin, "k_wide"), -1);
}

}  // namespace
}  // namespace tiletune::detail
