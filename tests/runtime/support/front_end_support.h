// What the tests of NVRTC worker processes share: the worker this build made, a log that keeps
// its lines, the vadd input, the comparison of a worker's output with this process's, and waiting
// for a child process with a deadline (a test of a hang must not hang).
#pragma once

#include "compile/front_end/front_end_runner.h"
#include "compile/front_end/nvrtc_worker_path.h"
#include "nvrtc/nvrtc_front_end.h"
#include "support/test_kernels.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tiletune::testing {

// Sets a variable for one test; unsets it after.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const std::string& value) : name_(name) {
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnvironment() { ::unsetenv(name_); }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

 private:
  const char* name_;
};

// The worker this build made (where CMake put it).
inline std::string built_worker() {
  ::unsetenv("TILETUNE_NVRTC_WORKER");
  detail::WorkerSearch search = detail::find_nvrtc_worker();
  EXPECT_FALSE(search.path.empty()) << search.why_not;
  return search.path;
}

// Every line a pool says.
struct Lines {
  std::vector<std::string> said;
  detail::LogLine log() {
    return [this](const std::string& line) { said.push_back(line); };
  }
};

inline detail::FrontEndInput vadd_input(bool cubin, std::vector<std::string> options = {}) {
  return detail::FrontEndInput{kVaddSource, "vadd.cu", {}, std::move(options), 90, cubin};
}

// The log without ptxas' "Compile time = 1.2 ms" lines, which differ from run to run anywhere.
inline std::string without_times(const std::string& log) {
  std::string kept;
  for (std::size_t begin = 0; begin < log.size();) {
    const std::size_t end = std::min(log.find('\n', begin), log.size());
    const std::string_view line = std::string_view(log).substr(begin, end - begin);
    if (line.find("Compile time =") == std::string_view::npos) kept.append(line).append("\n");
    begin = end + 1;
  }
  return kept;
}

inline void expect_same(const detail::FrontEndBatchOutput& worker,
                        const detail::FrontEndBatchOutput& here) {
  EXPECT_EQ(worker.ptx, here.ptx);
  EXPECT_EQ(worker.cubin, here.cubin);
  EXPECT_EQ(worker.lowered_names, here.lowered_names);
  EXPECT_EQ(worker.registers, here.registers);
  EXPECT_EQ(worker.spill_bytes, here.spill_bytes);
  EXPECT_EQ(without_times(worker.log), without_times(here.log));
}

// The exit code of child process `pid` (forked by this test), or nullopt when it did not end
// within `limit`: it is then killed, so that the test fails instead of hanging.
inline std::optional<int> exit_code_within(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 || std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace tiletune::testing
