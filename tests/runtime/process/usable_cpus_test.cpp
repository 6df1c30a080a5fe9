// The compile threads follow the CPUs the process may use (its affinity mask and its cgroup's CPU
// limit), not the host's count, and a process that may use fewer than the host has is told so
// once, at its first tuning. The mask is narrowed in forked children, which report through their
// exit codes; the cgroup files are laid out in a temporary directory as /sys/fs/cgroup has them.
#include "process/usable_cpus.h"
#include "runtime.h"
#include "support/fake_device.h"
#include "support/front_end_support.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <sched.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// `text` as the file `path` (its directories made).
void put(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text << "\n";
}

TEST(UsableCpus, CgroupV2TheLowestCpuMaxOfTheCgroupAndItsAncestors) {
  testing::TemporaryDirectory mount;
  const std::string cgroup = "0::/kubepods/pod1/ctr\n";
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), std::nullopt);  // no files
  put(mount.path() / "kubepods/pod1/ctr/cpu.max", "250000 100000");
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), 2.5);
  put(mount.path() / "kubepods/pod1/cpu.max", "200000 100000");  // the pod's is lower
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), 2.0);
  put(mount.path() / "kubepods/pod1/cpu.max", "max 100000");
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), 2.5);
  put(mount.path() / "kubepods/pod1/ctr/cpu.max", "max 100000");
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), std::nullopt);
  put(mount.path() / "kubepods/pod1/ctr/cpu.max", "lots 100000");  // unreadable: none
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), std::nullopt);
}

TEST(UsableCpus, CgroupV2AContainerThatSeesItsHostsPathReadsTheMountsOwn) {
  testing::TemporaryDirectory mount;
  put(mount.path() / "cpu.max", "400000 100000");
  EXPECT_EQ(detail::cgroup_cpu_limit("0::/system.slice/docker-1.scope\n", mount.path()), 4.0);
  EXPECT_EQ(detail::cgroup_cpu_limit("0::/\n", mount.path()), 4.0);
}

TEST(UsableCpus, CgroupV1TheCpuControllersQuotaOverItsPeriod) {
  testing::TemporaryDirectory mount;
  const std::string cgroup = "5:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n0::/\n";
  put(mount.path() / "cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "150000");
  put(mount.path() / "cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000");
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), 1.5);
  put(mount.path() / "cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "-1");  // no quota
  EXPECT_EQ(detail::cgroup_cpu_limit(cgroup, mount.path()), std::nullopt);
  // The controller mounted alone, as "cpu".
  testing::TemporaryDirectory alone;
  put(alone.path() / "cpu/job/cpu.cfs_quota_us", "800000");
  put(alone.path() / "cpu/job/cpu.cfs_period_us", "100000");
  EXPECT_EQ(detail::cgroup_cpu_limit("3:cpu:/job\n", alone.path()), 8.0);
  // No cpu controller line, no v2 line: none.
  EXPECT_EQ(detail::cgroup_cpu_limit("5:memory:/job\n", alone.path()), std::nullopt);
  EXPECT_EQ(detail::cgroup_cpu_limit("", alone.path()), std::nullopt);
}

TEST(UsableCpus, TheNarrowerOfTheMaskAndTheLimitRoundedUp) {
  EXPECT_EQ(detail::usable_cpus(32, std::nullopt, 32).count, 32u);
  EXPECT_EQ(detail::usable_cpus(32, 2.5, 32).count, 3u);
  EXPECT_EQ(detail::usable_cpus(1, 2.5, 32).count, 1u);
  EXPECT_EQ(detail::usable_cpus(32, 0.25, 32).count, 1u);
  EXPECT_EQ(detail::usable_cpus(0, std::nullopt, 8).count, 8u);  // the mask unknown: the host's
  EXPECT_EQ(detail::usable_cpus(0, 4.0, 8).count, 4u);
}

TEST(UsableCpus, TheNoteSaysWhichNarrowsThemAndOnlyWhenFewerThanTheHostHas) {
  EXPECT_EQ(detail::narrowed_cpus_note(detail::usable_cpus(32, std::nullopt, 32), 32), "");
  EXPECT_EQ(detail::narrowed_cpus_note(detail::usable_cpus(0, std::nullopt, 32), 32), "");
  EXPECT_EQ(detail::narrowed_cpus_note(detail::usable_cpus(32, 64.0, 32), 32), "");
  const std::string one = detail::narrowed_cpus_note(detail::usable_cpus(1, std::nullopt, 32), 1);
  EXPECT_NE(one.find("may use 1 of the host's 32 CPUs (its CPU affinity"), std::string::npos)
      << one;
  EXPECT_NE(one.find("compiles on that one with 1 thread "), std::string::npos) << one;
  EXPECT_NE(one.find("--bind-to none"), std::string::npos) << one;
  const std::string limited = detail::narrowed_cpus_note(detail::usable_cpus(64, 2.5, 64), 6);
  EXPECT_NE(limited.find("may use 3 of the host's 64 CPUs (its cgroup's CPU limit of 2.50 CPUs"),
            std::string::npos)
      << limited;
  EXPECT_NE(limited.find("compiles on those 3 with 6 threads"), std::string::npos) << limited;
  EXPECT_NE(limited.find("raise the limit"), std::string::npos) << limited;
  const std::string four = detail::narrowed_cpus_note(detail::usable_cpus(64, 4.0, 64), 4);
  EXPECT_NE(four.find("limit of 4 CPUs"), std::string::npos) << four;
}

TEST(UsableCpus, TheCpusAllowedAreTheMasksAndTheDefaultThreadsFollowThem) {
  const unsigned allowed = detail::cpus_allowed();
  EXPECT_GE(allowed, 1u);
  EXPECT_LE(allowed, detail::cpus_online());
  EXPECT_EQ(detail::default_compile_threads(), detail::usable_cpus().count);
  EXPECT_LE(detail::default_compile_threads(), allowed);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (!bind_to_one_cpu()) ::_exit(2);
    ::_exit(detail::cpus_allowed() == 1 && detail::default_compile_threads() == 1 ? 0 : 1);
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
}

// Two tunings, at keys 1000 and 2000, by a runtime with the default compile threads and
// `options`' say_narrowed_cpus; exit code 0 when its pool had `threads` threads and its log held
// the narrowed-CPUs note `notes` times (other codes: what went wrong first).
int tune_twice(bool say_narrowed_cpus, unsigned threads, std::size_t notes) {
  testing::LogFile log;
  RuntimeOptions options;  // workers 0: the default
  options.log = log.get();
  options.say_narrowed_cpus = say_narrowed_cpus;
  options.results_file = "";
  Runtime runtime(std::make_unique<testing::FakeDevice>(testing::fastest_tile("128")),
                  std::make_shared<testing::FakeCompiler>(), options);
  if (runtime.pool().size() != threads) return 3;
  Site site(testing::vadd_site(), &runtime);
  for (long long n : {1000LL, 2000LL}) {
    void* args[1] = {&n};
    site.launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args);
    if (!site.result(key(n)) || !site.result(key(n))->tuned) return 4;
  }
  const std::string text = log.text();
  std::fputs(text.c_str(), stderr);
  return occurrences(text, "may use " + std::to_string(threads) + " of the host's") == notes ? 0
                                                                                             : 5;
}

// In a process bound to one CPU: a runtime with the default compile threads has one; the first
// tuning of a runtime whose options say so (the process-wide one's) says why, once; a runtime
// made by hand with default options says nothing (what tests log does not depend on the machine).
TEST(UsableCpus, ARuntimeOnOneCpuCompilesWithOneThreadAndItsFirstTuningSaysSo) {
  if (detail::cpus_online() < 2) GTEST_SKIP() << "one CPU online: no narrower mask to set";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (!bind_to_one_cpu()) ::_exit(2);
    if (const int quiet = tune_twice(false, 1, 0)) ::_exit(10 + quiet);
    if (const int first = tune_twice(true, 1, 1)) ::_exit(20 + first);
    ::_exit(tune_twice(true, 1, 0) ? 30 : 0);  // said once per process
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
}

TEST(UsableCpus, OnlyTheProcessWideRuntimesOptionsSayIt) {
  EXPECT_FALSE(RuntimeOptions{}.say_narrowed_cpus);
  EXPECT_TRUE(RuntimeOptions::from_environment([](const std::string&) {}).say_narrowed_cpus);
}

}  // namespace
}  // namespace tiletune
