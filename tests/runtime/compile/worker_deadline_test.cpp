// A worker that stops answering never hangs the application: every wait on a worker has a
// deadline, a late worker is stopped (killed) and dropped, the request compiled in this process,
// and that is said at every log level. A worker's frames are bounded: a header never makes the
// runtime allocate what the worker did not send. Fake workers (fake_nvrtc_worker.cpp, shell
// scripts) stand in for the faults; none of these tests depends on how fast anything runs: a
// worker that never answers is late for any deadline.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "compile/front_end/front_end_wire.h"
#include "compile/front_end/pipe_io.h"
#include "compile/front_end/worker_pool.h"
#include "compile/front_end/worker_process.h"
#include "support/front_end_support.h"
#include "support/temporary_directory.h"

namespace tiletune::detail {
namespace {

using namespace std::chrono_literals;
using testing::expect_same;
using testing::Lines;
using testing::ScopedEnvironment;
using testing::vadd_input;

constexpr std::string_view kLateSuffix = " (TILETUNE_NVRTC_WORKER_TIMEOUT): stopped it; ";

// A shell script for a worker, executable, in `directory`.
std::string script_worker(const testing::TemporaryDirectory& directory, const std::string& name,
                          const std::string& body) {
  const std::string path = directory / name;
  const std::string text = "#!/bin/sh\n" + body + "\n";
  testing::write_bytes(path, {text.begin(), text.end()});
  EXPECT_EQ(::chmod(path.c_str(), 0700), 0);
  return path;
}

// Whether process `pid` ends within a minute (it need not be a child of this one). Skips where
// the kernel has no pidfd_open (before Linux 5.3).
bool ends_soon(pid_t pid) {
  const int watch = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (watch < 0) return errno == ESRCH;  // already gone
  pollfd ended{watch, POLLIN, 0};
  const bool done = ::poll(&ended, 1, 60'000) == 1;
  ::close(watch);
  return done;
}

WorkerSettings quick(Lines& lines, std::chrono::milliseconds timeout = 200ms) {
  return WorkerSettings{lines.log(), lines.log(), timeout};
}

// A worker that never answers, whether it reads the request (cat, its stdout kept open as fd 3)
// or not (sleep; the request is far larger than a pipe holds, so the write itself waits on it):
// late, killed, and the request compiled here; a program that never answered at all is not
// started again.
TEST(WorkerDeadline, WorkerThatNeverAnswersIsStoppedAndTheRequestCompiledHere) {
  testing::TemporaryDirectory directory;
  const std::string source =
      std::string(testing::kVaddSource) + "// " + std::string(1 << 20, 'x') + "\n";
  const FrontEndInput large{source, "vadd.cu", {}, {}, 90, false};
  for (const std::string& body : {"exec sleep 1000", "exec 3>&1 cat >/dev/null"}) {
    SCOPED_TRACE(body);
    Lines lines;
    WorkerPool pool(script_worker(directory, "silent", body), quick(lines));
    expect_same(pool.run(large, {"vadd<128>"}), compile_to_ptx(large, {"vadd<128>"}));
    EXPECT_EQ(pool.workers(), 0);
    ASSERT_EQ(lines.said.size(), 1u);
    const std::string& said = lines.said[0];
    EXPECT_TRUE(said.starts_with("the NVRTC worker ")) << said;
    EXPECT_NE(said.find("did not answer within 0.2 s"), std::string::npos) << said;
    EXPECT_NE(said.find(std::string(kLateSuffix) +
                        "compiling `vadd<128>` in this process, and everything after"),
              std::string::npos)
        << said;
    // The process it named is gone: killed and reaped before the line was said.
    const pid_t pid = std::stoi(said.substr(said.find("(pid ") + 5));
    EXPECT_EQ(::kill(pid, 0), -1);
    expect_same(pool.run(vadd_input(false), {"vadd<64>"}),
                compile_to_ptx(vadd_input(false), {"vadd<64>"}));
    EXPECT_EQ(lines.said.size(), 1u);
  }
}

// A worker that answered before and then hangs or is stopped: killed, the request compiled here,
// and the next request has a new worker.
TEST(WorkerDeadline, WorkerThatAnsweredAndThenHangsOrStopsIsKilledAndReplaced) {
  for (const char* fault : {"answer-then-hang", "answer-then-stop"}) {
    SCOPED_TRACE(fault);
    ScopedEnvironment environment("TILETUNE_TEST_FAULT", fault);
    Lines lines;
    // Long enough for the fake's first answer, which it gives at once.
    WorkerPool pool(TILETUNE_FAKE_NVRTC_WORKER, quick(lines, 2s));
    EXPECT_EQ(pool.run(vadd_input(false), {"vadd<32>"}).lowered_names,
              std::vector<std::string>{"vadd<32>"});
    const std::vector<pid_t> first = pool.idle_workers();
    ASSERT_EQ(first.size(), 1u);
    expect_same(pool.run(vadd_input(false), {"vadd<64>"}),
                compile_to_ptx(vadd_input(false), {"vadd<64>"}));
    ASSERT_EQ(lines.said.size(), 1u);
    EXPECT_NE(
        lines.said[0].find("(pid " + std::to_string(first[0]) + ") did not answer within 2 s" +
                           std::string(kLateSuffix) + "compiling `vadd<64>` in this process"),
        std::string::npos)
        << lines.said[0];
    EXPECT_EQ(lines.said[0].find("everything after"), std::string::npos) << lines.said[0];
    EXPECT_EQ(::kill(first[0], 0), -1) << "the late worker is still there";
    EXPECT_EQ(pool.workers(), 0);
    pool.run(vadd_input(false), {"vadd<128>"});
    const std::vector<pid_t> second = pool.idle_workers();
    ASSERT_EQ(second.size(), 1u);
    EXPECT_NE(second[0], first[0]);
  }
}

// The real worker, stopped by someone else (SIGSTOP) between requests: the exchange is late by
// its deadline, and the worker (no child of this process) is killed when it is dropped.
TEST(WorkerDeadline, StoppedWorkerIsLateAndKilledWhenDropped) {
  auto worker = WorkerProcess::start(testing::built_worker());
  const std::string request = encode_request(vadd_input(false), {"vadd<128>"});
  const auto far = std::chrono::steady_clock::now() + 10min;
  ASSERT_EQ(worker->exchange(request, far).status, FrameStatus::kOk);
  const pid_t pid = worker->pid();
  ASSERT_EQ(::kill(pid, SIGSTOP), 0);
  EXPECT_EQ(worker->exchange(request, std::chrono::steady_clock::now() + 100ms).status,
            FrameStatus::kLate);
  worker.reset();
  EXPECT_TRUE(ends_soon(pid));
}

TEST(WorkerDeadline, ReplyThatStopsHalfwayIsLate) {
  ScopedEnvironment environment("TILETUNE_TEST_FAULT", "partial-reply");
  auto worker = WorkerProcess::start(TILETUNE_FAKE_NVRTC_WORKER);
  const pid_t pid = worker->pid();
  EXPECT_EQ(worker
                ->exchange(encode_request(vadd_input(false), {"vadd<128>"}),
                           std::chrono::steady_clock::now() + 200ms)
                .status,
            FrameStatus::kLate);
  worker.reset();
  EXPECT_EQ(::kill(pid, 0), -1);
}

// A worker that said its hello and is late on its first request is a worker all the same (a
// first kernel may be the heavy one): it is replaced, not taken for a program that cannot work.
TEST(WorkerDeadline, WorkerLateOnItsFirstRequestAfterItsHelloIsReplaced) {
  ScopedEnvironment environment("TILETUNE_TEST_FAULT", "partial-reply");
  Lines lines;
  // Long enough for the fake's hello, which it says at once (0.2 s was not, 1 run in 113 on a
  // loaded host: a worker late before its hello is taken for a program that cannot work).
  WorkerPool pool(TILETUNE_FAKE_NVRTC_WORKER, quick(lines, 2s));
  for (const char* name : {"vadd<64>", "vadd<128>"})
    expect_same(pool.run(vadd_input(false), {name}), compile_to_ptx(vadd_input(false), {name}));
  ASSERT_EQ(lines.said.size(), 2u) << "the second request had a worker of its own";
  for (const std::string& said : lines.said) {
    EXPECT_NE(said.find("did not answer within 2 s"), std::string::npos) << said;
    EXPECT_EQ(said.find("everything after"), std::string::npos) << said;
  }
  EXPECT_NE(lines.said[0].substr(0, lines.said[0].find(')')),
            lines.said[1].substr(0, lines.said[1].find(')')))
      << "two workers";
}

// A header that claims more than the largest frame is not read on: the worker answered with
// something that is not a reply.
TEST(WorkerDeadline, HeaderPastTheLargestFrameIsNotAReply) {
  ScopedEnvironment environment("TILETUNE_TEST_FAULT", "oversized-reply");
  Lines lines;
  WorkerPool pool(TILETUNE_FAKE_NVRTC_WORKER, quick(lines, 10min));
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("answered with something that is not a reply"), std::string::npos)
      << lines.said[0];
}

// A worker is killed by the process id it says in its hello only when that process is the one
// reading its pipe: a claim of another process's id (here this test's own) is not taken, and that
// process is left alone (this test would not live on otherwise).
TEST(WorkerDeadline, HelloWithAnotherProcesssIdIsNotTrusted) {
  ScopedEnvironment environment("TILETUNE_TEST_FAULT", "foreign-pid");
  Lines lines;
  WorkerPool pool(TILETUNE_FAKE_NVRTC_WORKER, quick(lines));
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("did not answer within"), std::string::npos) << lines.said[0];
  EXPECT_EQ(lines.said[0].find("(pid " + std::to_string(::getpid()) + ")"), std::string::npos)
      << lines.said[0];
}

// The process's address space now, in bytes.
rlim_t address_space_in_use() {
  long pages = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%ld", &pages) != 1) pages = 0;
    std::fclose(statm);
  }
  return static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
}

// In a child process (the limit stays there), with room for 256 MiB more: a header that claims
// the largest frame (1 GiB) and sends 10 bytes is read to its end without taking that memory.
void read_a_frame_that_claims_more_than_fits() {
  int fds[2];
  if (::pipe(fds) != 0) std::_Exit(2);
  const std::uint32_t words[2] = {0x54544e57, 2};
  const std::uint64_t length = kLargestFramePayload;
  if (::write(fds[1], words, sizeof words) != sizeof words ||
      ::write(fds[1], &length, sizeof length) != sizeof length ||
      ::write(fds[1], "0123456789", 10) != 10)
    std::_Exit(3);
  ::close(fds[1]);
  const rlim_t limit = address_space_in_use() + (rlim_t{256} << 20);
  const rlimit room{limit, limit};
  if (::setrlimit(RLIMIT_AS, &room) != 0) std::_Exit(4);
  std::string payload;
  const FrameStatus status = read_frame(fds[0], payload);
  std::_Exit(status == FrameStatus::kEnded && payload.size() == 10 ? 0 : 5);
}

TEST(WorkerDeadline, FrameHeaderNeverMakesTheReaderAllocateWhatWasNotSent) {
  EXPECT_EXIT(read_a_frame_that_claims_more_than_fits(), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace tiletune::detail
