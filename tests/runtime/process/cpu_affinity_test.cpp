// The compile threads follow the CPUs the process may run on (its affinity mask), not the host's
// count, and a process that may use fewer than the host has is told so once, at its first tuning.
// The mask is narrowed in forked children, which report through their exit codes.
#include "process/cpu_affinity.h"
#include "runtime.h"
#include "support/fake_device.h"
#include "support/front_end_support.h"
#include "support/log_file.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <sched.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>

namespace tiletune {
namespace {

using namespace std::chrono_literals;
using testing::exit_code_within;

// Narrows the calling thread (the forked child's only one) to one CPU it may run on now.
bool bind_to_one_cpu() {
  cpu_set_t now;
  CPU_ZERO(&now);
  if (::sched_getaffinity(0, sizeof now, &now) != 0) return false;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &now)) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      return ::sched_setaffinity(0, sizeof one, &one) == 0;
    }
  return false;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(CpuAffinity, TheNoteNamesTheCpusAllowedAndTheThreadsOnlyWhenFewerThanTheHostHas) {
  EXPECT_EQ(detail::narrowed_cpus_note(32, 32, 32), "");
  EXPECT_EQ(detail::narrowed_cpus_note(0, 32, 32), "");  // the mask could not be read
  const std::string one = detail::narrowed_cpus_note(1, 32, 1);
  EXPECT_NE(one.find("may run on 1 of the host's 32 CPUs"), std::string::npos) << one;
  EXPECT_NE(one.find("compiles on that one with 1 thread "), std::string::npos) << one;
  EXPECT_NE(one.find("--bind-to none"), std::string::npos) << one;
  const std::string four = detail::narrowed_cpus_note(4, 64, 6);
  EXPECT_NE(four.find("4 of the host's 64 CPUs"), std::string::npos) << four;
  EXPECT_NE(four.find("compiles on those 4 with 6 threads"), std::string::npos) << four;
}

TEST(CpuAffinity, TheCpusAllowedAreTheMasksAndTheDefaultThreadsFollowThem) {
  const unsigned allowed = detail::cpus_allowed();
  EXPECT_GE(allowed, 1u);
  EXPECT_LE(allowed, detail::cpus_online());
  EXPECT_EQ(detail::default_compile_threads(), allowed);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (!bind_to_one_cpu()) ::_exit(2);
    ::_exit(detail::cpus_allowed() == 1 && detail::default_compile_threads() == 1 ? 0 : 1);
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
}

// A runtime made with the default compile threads in a process bound to one CPU: one thread, and
// its first tuning (not its second) says why the tuning compiles on one CPU.
TEST(CpuAffinity, ARuntimeOnOneCpuCompilesWithOneThreadAndItsFirstTuningSaysSo) {
  if (detail::cpus_online() < 2) GTEST_SKIP() << "one CPU online: no narrower mask to set";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (!bind_to_one_cpu()) ::_exit(2);
    testing::LogFile log;
    RuntimeOptions options;  // workers 0: the default
    options.log = log.get();
    options.results_file = "";
    Runtime runtime(std::make_unique<testing::FakeDevice>(testing::fastest_tile("128")),
                    std::make_shared<testing::FakeCompiler>(), options);
    if (runtime.pool().size() != 1) ::_exit(3);
    Site site(testing::vadd_site(), &runtime);
    for (long long n : {1000LL, 2000LL}) {  // two keys: two tunings
      void* args[1] = {&n};
      site.launch(
          key(n),
          [&](const Config& c) {
            return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
          },
          args);
      if (!site.result(key(n)) || !site.result(key(n))->tuned) ::_exit(4);
    }
    const std::string text = log.text();
    const std::string note =
        "tiletune: " + detail::narrowed_cpus_note(1, detail::cpus_online(), 1) + "\n";
    std::fputs(text.c_str(), stderr);
    ::_exit(occurrences(text, note) == 1 ? 0 : 5);
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
}

}  // namespace
}  // namespace tiletune
