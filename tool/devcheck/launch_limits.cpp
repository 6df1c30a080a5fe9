#include "devcheck/launch_limits.h"

#include "nvrtc/compiler_log.h"

#include <algorithm>
#include <regex>
#include <string>

namespace tiletune::tool {
namespace {

std::string sm(int arch) { return "sm_" + std::to_string(arch); }

std::string static_shared_excess(long long bytes) {
  return std::to_string(bytes) + " bytes of static shared memory, more than the " +
         std::to_string(kMaxStaticSharedBytes) + " (48 KB) a block may have";
}

// Registers a block of `threads` takes: per warp, `per_thread` each rounded up to the allocation
// unit.
long long block_registers(long long per_thread, long long threads) {
  const long long warps = (threads + 31) / 32;
  const long long per_warp = (per_thread * 32 + kRegisterAllocationUnit - 1) /
                             kRegisterAllocationUnit * kRegisterAllocationUnit;
  return warps * per_warp;
}

}  // namespace

std::string why_cannot_run(const detail::KernelResources& resources, unsigned threads, int arch) {
  if (resources.stack > kMaxStackBytesPerThread)
    return std::to_string(resources.stack) + " bytes of stack per thread, more than the " +
           std::to_string(kMaxStackBytesPerThread) + " (512 KB) of local memory a thread may have";
  if (threads > 0 && resources.registers > 0) {
    const long long needed = block_registers(resources.registers, threads);
    if (needed > kRegistersPerBlock)
      return std::to_string(resources.registers) + " registers per thread in blocks of " +
             std::to_string(threads) + " threads: " + std::to_string(needed) + " registers, more " +
             "than the " + std::to_string(kRegistersPerBlock) + " a block has on " + sm(arch);
  }
  return "";
}

std::string assembler_refusal(std::string_view log, int arch) {
  static const std::regex kSharedBytes("(\\d{1,18}) bytes smem");
  const std::string text(log);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kSharedBytes);
       it != std::sregex_iterator(); ++it)
    if (const long long bytes = std::stoll((*it)[1]); bytes > kMaxStaticSharedBytes)
      return static_shared_excess(bytes);
  std::string_view line = detail::first_error_line(log);
  line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
  if (line.find("error") != std::string_view::npos) return std::string(line);
  return "ptxas could not assemble it for " + sm(arch) + ": " + std::string(line);
}

}  // namespace tiletune::tool
