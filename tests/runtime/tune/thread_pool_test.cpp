// The compile workers' pool: asked for more threads than the process may start, it works with
// those that started instead of ending the process.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "tune/thread_pool.h"

namespace tiletune::detail {
namespace {

// The process's address space now, in bytes.
rlim_t address_space_in_use() {
  long pages = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%ld", &pages) != 1) pages = 0;
    std::fclose(statm);
  }
  return static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
}

// In a child process (the limit stays there): room for a few dozen threads' stacks only.
void make_a_pool_of_more_threads_than_fit() {
  const rlim_t limit = address_space_in_use() + (rlim_t{256} << 20);
  const rlimit room{limit, limit};
  if (::setrlimit(RLIMIT_AS, &room) != 0) std::_Exit(3);
  ThreadPool pool(200000);
  if (pool.size() == 0 || pool.size() >= 200000u) std::_Exit(4);
  if (pool.submit([] { return 42; }).get() != 42) std::_Exit(5);
  std::_Exit(0);
}

TEST(ThreadPool, MoreWorkersThanThreadsCanStartWorksWithThoseStarted) {
  EXPECT_EXIT(make_a_pool_of_more_threads_than_fit(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace tiletune::detail
