// An application that fork()s after the runtime has worked: the child has the parent's memory but
// only the forking thread. It tunes on compile threads of its own, exit() never waits for its
// parent's threads, and it never removes what is its parent's (the NVRTC precompiled-header
// directory). Each child reports through its exit code; a child that hangs is killed and fails.
#include "compile/front_end/front_end_runner.h"
#include "compile/nvrtc_compiler.h"
#include "runtime.h"
#include "support/fake_device.h"
#include "support/front_end_support.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"
#include "tune/thread_pool.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

namespace tiletune {
namespace {

using namespace std::chrono_literals;
using testing::exit_code_within;

// The process's pool, destroyed at exit as a runtime's is.
detail::ThreadPool& process_pool() {
  static detail::ThreadPool pool(2);
  return pool;
}

TEST(ForkedChild, RunsJobsOnThreadsOfItsOwnAndExits) {
  detail::ThreadPool& pool = process_pool();
  ASSERT_EQ(pool.submit([] { return 1; }).get(), 1);  // the parent's threads, idle now
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The parent's threads are not in the child: its jobs ran on none, and waited forever.
    if (pool.submit([] { return 2; }).get() != 2 || pool.size() != 2) ::_exit(1);
    std::exit(0);  // destroys the pool, which waited forever for the parent's threads
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
  EXPECT_EQ(pool.submit([] { return 3; }).get(), 3);
}

// The process-wide runtime as an application has it: a static, destroyed at exit.
Runtime& process_runtime() {
  static Runtime runtime = [] {
    RuntimeOptions options;
    options.workers = 2;
    options.log = nullptr;
    options.results_file = "";
    return Runtime(std::make_unique<testing::FakeDevice>(testing::fastest_tile("128")),
                   std::make_shared<testing::FakeCompiler>(), options);
  }();
  return runtime;
}

// The tile of the winner for a launch of `n` elements, tuned on a first launch.
long long tuned_tile(long long n) {
  Site site(testing::vadd_site(), &process_runtime());
  testing::launch_vadd(site, n);
  const std::optional<TuningResult> result = site.result(key(n));
  return result && result->tuned ? result->best_config()[0] : -1;
}

TEST(ForkedChild, TunesANewKeyAndExitsWithTheRuntimeItsParentUsed) {
  ASSERT_EQ(tuned_tile(1 << 10), 128);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (tuned_tile(1 << 20) != 128) ::_exit(1);
    std::exit(0);
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
  EXPECT_EQ(tuned_tile(1 << 16), 128);
}

// The "tiletune-pch-*" directories in `directory`.
std::set<std::string> pch_directories(const std::filesystem::path& directory) {
  std::set<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(directory))
    if (entry.path().filename().string().starts_with("tiletune-pch-"))
      found.insert(entry.path().string());
  return found;
}

detail::CompileRequest halve(int tile) {
  detail::CompileRequest request;
  request.source = R"(#include <cuda_fp16.h>
template <int TILE>
__global__ void halve(__half* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = __hmul(x[i], __float2half(0.5f));
}
)";
  request.source_name = "halve.cu";
  request.name_expression = "halve<" + std::to_string(tile) + ">";
  request.arch = 90;
  return request;
}

bool compiles(detail::CompileStages& stages, int tile) {
  const detail::CompileStages::Ptx out = stages.front_end(halve(tile));
  return !out.cubin.empty() || !out.ptx.empty();
}

// The compiler's stages as a process-wide runtime has them: a static, destroyed at exit.
detail::CompileStages& process_stages() {
  static std::unique_ptr<detail::CompileStages> stages =
      detail::nvrtc_stages(detail::PchMode::kOn, detail::in_process_front_ends());
  return *stages;
}

TEST(ForkedChild, MakesAPchDirectoryOfItsOwnAndLeavesItsParentsAlone) {
  testing::TemporaryDirectory temporary;
  testing::ScopedEnvironment tmpdir("TMPDIR", temporary.path().string());
  ASSERT_TRUE(compiles(process_stages(), 32));
  const std::set<std::string> parents = pch_directories(temporary.path());
  ASSERT_EQ(parents.size(), 1u);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Its own directory: NVRTC's automatic PCH is not safe across processes sharing one.
    if (!compiles(process_stages(), 64)) ::_exit(1);
    if (pch_directories(temporary.path()).size() != 2) ::_exit(2);
    std::exit(0);  // removes the child's directory, and removed the parent's too
  }
  EXPECT_EQ(exit_code_within(child, 120s), 0);
  EXPECT_EQ(pch_directories(temporary.path()), parents);
  EXPECT_TRUE(compiles(process_stages(), 128));
}

}  // namespace
}  // namespace tiletune
