// A kernel's stack and static shared memory read from the cubin, against what ptxas reports for the
// same build; registers are cubin_registers_test's.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "cubin/kernel_resources.h"
#include "nvrtc/nvrtc_front_end.h"

namespace tiletune::detail {
namespace {

// `spilled` keeps an array it indexes at run time on its stack; `through_call` has a callee that
// does (its stack counts the callee's); `plain` has none.
constexpr const char* kKernels = R"(
extern "C" __global__ void spilled(float* x, int k) {
  volatile float local[300];
  for (int i = 0; i < 300; ++i) local[i] = x[i];
  x[threadIdx.x] = local[k];
}
__device__ __noinline__ float deep(const float* x, int k) {
  volatile float local[500];
  for (int i = 0; i < 500; ++i) local[i] = x[i];
  return local[k];
}
extern "C" __global__ void through_call(float* x, int k) { x[threadIdx.x] = deep(x, k); }
extern "C" __global__ void plain(float* x) { x[threadIdx.x] += 1.0f; }
)";

FrontEndBatchOutput kernels(int arch) {
  FrontEndInput input{kKernels, "resources.cu", "", {}, arch};
  input.cubin = true;
  return compile_to_ptx(input, {"spilled", "through_call", "plain"});
}

// ptxas' "N bytes cumulative stack size" for `entry` in NVRTC's log (its report of one function
// runs up to the next "Compiling entry function"); 0 when the report has none.
long long reported_stack(const std::string& log, const std::string& entry) {
  const std::string heading = "Compiling entry function '" + entry + "'";
  const std::size_t begin = log.find(heading);
  if (begin == std::string::npos) return -1;
  const std::size_t end = log.find("Compiling entry function", begin + heading.size());
  const std::string report = log.substr(begin, end == std::string::npos ? end : end - begin);
  std::smatch match;
  if (std::regex_search(report, match, std::regex("(\\d+) bytes cumulative stack size")))
    return std::stoll(match[1]);
  if (std::regex_search(report, match, std::regex("(\\d+) bytes stack frame")))
    return std::stoll(match[1]);
  return 0;
}

TEST(KernelResources, TheStackIsWhatPtxasReported) {
  for (int arch : {75, 90}) {
    const FrontEndBatchOutput out = kernels(arch);
    for (const std::string entry : {"spilled", "through_call", "plain"}) {
      const KernelResources r = kernel_resources(out.cubin, entry);
      EXPECT_EQ(r.stack, reported_stack(out.log, entry)) << entry << " sm_" << arch;
      EXPECT_GT(r.registers, 0) << entry;
    }
    EXPECT_GE(kernel_resources(out.cubin, "spilled").stack, 1200);
    EXPECT_GE(kernel_resources(out.cubin, "through_call").stack, 2000) << "the callee's frame";
    EXPECT_EQ(kernel_resources(out.cubin, "plain").stack, 0);
  }
}

// ptxas' "N bytes smem" for `entry` in NVRTC's log; -1 when the report has none.
long long reported_shared(const std::string& log, const std::string& entry) {
  const std::size_t begin = log.find("Compiling entry function '" + entry + "'");
  if (begin == std::string::npos) return -1;
  std::smatch match;
  const std::string report = log.substr(begin);
  if (std::regex_search(report, match, std::regex("(\\d+) bytes smem")))
    return std::stoll(match[1]);
  return -1;
}

TEST(KernelResources, TheStaticSharedMemoryIsWhatPtxasReported) {
  for (int arch : {75, 90}) {
    const FrontEndBatchOutput out = kernels(arch);
    FrontEndInput input{R"(extern "C" __global__ void tiled(float* x) {
  __shared__ float tile[1000];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[999 - threadIdx.x];
})",
                        "shared.cu",
                        "",
                        {},
                        arch};
    input.cubin = true;
    const FrontEndBatchOutput shared = compile_to_ptx(input, {"tiled"});
    const KernelResources r = kernel_resources(shared.cubin, "tiled");
    // From sm_90 on the section also holds the 1 KB the system reserves per block, which counts
    // against the multiprocessor's shared memory as the kernel's own does.
    EXPECT_EQ(r.static_shared, reported_shared(shared.log, "tiled") + (arch >= 90 ? 1024 : 0))
        << "sm_" << arch;
    EXPECT_GE(r.static_shared, 4000) << "sm_" << arch;
    EXPECT_EQ(kernel_resources(out.cubin, "plain").static_shared, 0) << "sm_" << arch;
  }
}

TEST(KernelResources, NothingForAFunctionTheCubinDoesNotHold) {
  const FrontEndBatchOutput out = kernels(75);
  const KernelResources none = kernel_resources(out.cubin, "spill");
  EXPECT_EQ(none.registers, -1);
  EXPECT_EQ(none.stack, -1);
  EXPECT_EQ(none.static_shared, -1);
  EXPECT_EQ(kernel_resources({}, "spilled").stack, -1);
}

}  // namespace
}  // namespace tiletune::detail
