// NVRTC workers inside someone else's process: they hold none of the application's descriptors
// (a pipe it closes reaches end of file, a file it unlocks is free), they end with the process
// that started them however it goes (killed, even while a child it forked lives on; exec() of
// another program, which finds no zombie of theirs), and a daemon that closed its standard
// descriptors still gets workers.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "compile/front_end/front_end_wire.h"
#include "compile/front_end/pipe_io.h"
#include "compile/front_end/worker_pool.h"
#include "process/parent_only_pipes.h"
#include "support/front_end_support.h"
#include "support/temporary_directory.h"

extern char** environ;

namespace tiletune::detail {
namespace {

using namespace std::chrono_literals;
using testing::built_worker;
using testing::exit_code_within;
using testing::expect_same;
using testing::vadd_input;

// A pool of the built worker that has started one (idle now), and its pid.
pid_t start_a_worker(WorkerPool& pool) {
  pool.run(vadd_input(false), {"vadd<128>"});
  const std::vector<pid_t> idle = pool.idle_workers();
  EXPECT_EQ(idle.size(), 1u);
  return idle.empty() ? -1 : idle[0];
}

// Whether process `pid` ends within a minute (it need not be a child of this one).
bool ends_soon(pid_t pid) {
  const int watch = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  if (watch < 0) return errno == ESRCH;  // already gone
  pollfd ended{watch, POLLIN, 0};
  const bool done = ::poll(&ended, 1, 60'000) == 1;
  ::close(watch);
  return done;
}

// Whether a read of `fd` sees end of file now (a descriptor with no writer left), rather than
// "nothing yet" (a writer somewhere still holds it).
bool at_end_of_file(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  char byte;
  return ::read(fd, &byte, 1) == 0;
}

TEST(WorkerLifetime, AnApplicationPipeReachesEndOfFileWhileWorkersLive) {
  int application[2];
  ASSERT_EQ(::pipe(application), 0);  // not close-on-exec, as many applications' are
  WorkerPool pool(built_worker(), {});
  const pid_t worker = start_a_worker(pool);
  ::close(application[1]);
  EXPECT_TRUE(at_end_of_file(application[0]));
  EXPECT_EQ(::kill(worker, 0), 0) << "the worker lives";
  ::close(application[0]);
}

TEST(WorkerLifetime, AFileLockTheApplicationHeldIsNotHeldByAWorker) {
  testing::TemporaryDirectory directory;
  const std::string path = directory / "lock";
  const int held = ::open(path.c_str(), O_RDWR | O_CREAT, 0600);  // not close-on-exec
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX), 0);
  WorkerPool pool(built_worker(), {});
  start_a_worker(pool);
  ::close(held);  // the lock goes with the last descriptor of this open file
  const int again = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(again, 0);
  EXPECT_EQ(::flock(again, LOCK_EX | LOCK_NB), 0) << "a worker holds the application's lock";
  ::close(again);
}

// Where glibc cannot close the other descriptors in the spawn, the worker closes them itself:
// started here with one of this process's pipes open, it lets that pipe reach end of file.
TEST(WorkerLifetime, WorkerClosesTheDescriptorsItWasGiven) {
  int application[2];
  int to_worker[2];
  int from_worker[2];
  ASSERT_EQ(::pipe(application), 0);
  ASSERT_EQ(::pipe2(to_worker, O_CLOEXEC), 0);
  ASSERT_EQ(::pipe2(from_worker, O_CLOEXEC), 0);
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, to_worker[0], STDIN_FILENO);
  ::posix_spawn_file_actions_adddup2(&actions, from_worker[1], STDOUT_FILENO);
  const std::string worker = built_worker();
  char* argv[] = {const_cast<char*>(worker.c_str()), nullptr};
  pid_t started = 0;
  ASSERT_EQ(::posix_spawn(&started, worker.c_str(), &actions, nullptr, argv, environ), 0);
  ::posix_spawn_file_actions_destroy(&actions);
  ::close(to_worker[0]);
  ::close(from_worker[1]);
  ::close(application[1]);
  // Its hello comes after it closed them (and its parent, which closed them too, has ended).
  std::string hello;
  ASSERT_EQ(read_frame(from_worker[0], hello), FrameStatus::kOk);
  ASSERT_TRUE(decode_hello(hello).has_value());
  EXPECT_EQ(exit_code_within(started, 60s), 0);
  EXPECT_TRUE(at_end_of_file(application[0]));
  ::close(to_worker[1]);  // the worker ends
  EXPECT_TRUE(ends_soon(*decode_hello(hello)));
  ::close(from_worker[0]);
  ::close(application[0]);
}

// The workers of a process that is killed end, even while a child it forked (which has a copy of
// everything the process had open, but for the pipes to its workers) lives on.
TEST(WorkerLifetime, WorkersEndWithTheirKilledProcessWhileItsForkedChildLives) {
  int report[2];
  ASSERT_EQ(::pipe2(report, O_CLOEXEC), 0);
  const pid_t owner = ::fork();
  ASSERT_GE(owner, 0);
  if (owner == 0) {
    WorkerPool pool(built_worker(), {});
    const pid_t pids[2] = {start_a_worker(pool), ::fork()};
    if (pids[1] == 0) {
      for (;;) ::pause();  // the forked child, killed by the test at the end
    }
    if (::write(report[1], pids, sizeof pids) != sizeof pids) ::_exit(1);
    for (;;) ::pause();  // killed by the test
  }
  ::close(report[1]);
  pid_t pids[2] = {-1, -1};
  ASSERT_EQ(::read(report[0], pids, sizeof pids), static_cast<ssize_t>(sizeof pids));
  ::close(report[0]);
  const auto [worker, forked_child] = pids;
  ASSERT_GT(worker, 0);
  ASSERT_EQ(::kill(owner, SIGKILL), 0);
  ::waitpid(owner, nullptr, 0);
  EXPECT_TRUE(ends_soon(worker));
  EXPECT_EQ(::kill(forked_child, 0), 0) << "the forked child is still there";
  ::kill(forked_child, SIGKILL);
}

// The parent of process `pid` and its state ('Z': a zombie), or nullopt when it is gone.
std::optional<std::pair<pid_t, char>> parent_and_state(pid_t pid) {
  std::FILE* stat = std::fopen(("/proc/" + std::to_string(pid) + "/stat").c_str(), "r");
  if (stat == nullptr) return std::nullopt;
  char text[512] = {};
  const std::size_t size = std::fread(text, 1, sizeof text - 1, stat);
  std::fclose(stat);
  // "pid (name) state parent ...": the name may hold anything but its last ')'.
  const char* after_name = std::strrchr(text, ')');
  char state = 0;
  int parent = 0;
  if (size == 0 || after_name == nullptr ||
      std::sscanf(after_name, ") %c %d", &state, &parent) != 2)
    return std::nullopt;
  return std::pair<pid_t, char>{parent, state};
}

// Zombie children of process `parent`.
int zombies_of(pid_t parent) {
  int zombies = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto found = parent_and_state(std::stoi(name));
    zombies += found && found->first == parent && found->second == 'Z';
  }
  return zombies;
}

// A process that exec()s another program (here sleep, which reaps no child): its workers end
// (their pipes close at the exec) and are reaped by the system, never zombies of a program that
// knows nothing of them; no other process the runtime started is left a zombie either.
TEST(WorkerLifetime, WorkersAreNoZombiesOfAProgramExecutedInTheirProcessesPlace) {
  int report[2];
  ASSERT_EQ(::pipe2(report, O_CLOEXEC), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    WorkerPool pool(built_worker(), {});
    const pid_t worker = start_a_worker(pool);
    if (::write(report[1], &worker, sizeof worker) != sizeof worker) ::_exit(1);
    ::execl("/bin/sleep", "sleep", "120", nullptr);
    ::_exit(2);
  }
  ::close(report[1]);
  pid_t worker = -1;
  ASSERT_EQ(::read(report[0], &worker, sizeof worker), static_cast<ssize_t>(sizeof worker));
  ::close(report[0]);
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  std::optional<std::pair<pid_t, char>> found;
  while ((found = parent_and_state(worker)) && found->first != child &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(10ms);
  EXPECT_FALSE(found.has_value()) << "the worker is still there, a child of " << found->first
                                  << " in state " << found->second;
  EXPECT_EQ(zombies_of(child), 0);
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
}

// A daemon may have closed stdin, stdout and stderr: the pipes to a worker then go above them
// (a pipe end at 0 or 1 would be taken for the worker's own), and the worker still answers.
TEST(WorkerLifetime, ADaemonWithItsStandardDescriptorsClosedGetsWorkers) {
  const FrontEndBatchOutput expected = compile_to_ptx(vadd_input(false), {"vadd<128>"});
  const std::string worker = built_worker();
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) ::close(fd);
    WorkerPool pool(worker, {});
    const FrontEndBatchOutput out = pool.run(vadd_input(false), {"vadd<128>"});
    ::_exit(out.ptx == expected.ptx && pool.idle_workers().size() == 1 ? 0 : 1);
  }
  EXPECT_EQ(exit_code_within(child, 120s), 0);
}

// Where no descriptor above the standard ones can be had, no pipe is made, and nothing is left
// open at 0 to 2.
TEST(WorkerLifetime, NoPipeWhereNoDescriptorAboveTheStandardOnesIsFree) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) ::close(fd);
    const rlimit three{3, 3};
    if (::setrlimit(RLIMIT_NOFILE, &three) != 0) ::_exit(2);
    int fds[2];
    if (open_parent_only_pipe(fds)) ::_exit(3);
    for (int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
      if (::fcntl(fd, F_GETFD) != -1) ::_exit(4);
    ::_exit(0);
  }
  EXPECT_EQ(exit_code_within(child, 60s), 0);
}

}  // namespace
}  // namespace tiletune::detail
