#include "compile/front_end/worker_process.h"

#include "compile/front_end/front_end_wire.h"
#include "process/parent_only_pipes.h"

#include <tiletune/error.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace tiletune::detail {
namespace {

// The spawn's attributes and file actions, destroyed on every path out.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    ::posix_spawn_file_actions_init(&actions);
    ::posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    ::posix_spawnattr_destroy(&attributes);
    ::posix_spawn_file_actions_destroy(&actions);
  }
};

std::string no_pipe(int error) {
  return "tiletune: no pipe for the NVRTC worker: " + std::string(std::strerror(error));
}

// The worker's stdin and stdout, and nothing else of this process's: the application's own
// descriptors (a pipe it will close, a file it locks) must not live on in a worker. Where glibc
// cannot close them in the spawn (before 2.34), the worker closes them first thing itself.
// A daemon may have closed its stderr: the worker's is then /dev/null (it needs one to make its
// stdout, nvrtc_worker_main.cpp).
void give_only_the_pipes(posix_spawn_file_actions_t& actions, int stdin_end, int stdout_end) {
  ::posix_spawn_file_actions_adddup2(&actions, stdin_end, STDIN_FILENO);
  ::posix_spawn_file_actions_adddup2(&actions, stdout_end, STDOUT_FILENO);
  if (::fcntl(STDERR_FILENO, F_GETFD) < 0)
    ::posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  ::posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
#endif
}

// The calling thread's mask may block signals (this one's SIGPIPE, the user's own): the worker
// starts with none blocked and SIGPIPE at its default, so that it ends when the runtime goes.
void with_default_signals(posix_spawnattr_t& attributes) {
  sigset_t none;
  ::sigemptyset(&none);
  sigset_t pipe_signal;
  ::sigemptyset(&pipe_signal);
  ::sigaddset(&pipe_signal, SIGPIPE);
  ::posix_spawnattr_setsigmask(&attributes, &none);
  ::posix_spawnattr_setsigdefault(&attributes, &pipe_signal);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

}  // namespace

std::unique_ptr<WorkerProcess> WorkerProcess::start(const std::string& path, bool warm_up) {
  // Close-on-exec, and closed in children the application forks (process/parent_only_pipes.h):
  // no other process keeps a copy, which would hide a worker's death from this one (its stdout
  // would never reach end of file) or this one's from the worker.
  int to_worker[2];
  int from_worker[2];
  if (!open_parent_only_pipe(to_worker)) throw Error(no_pipe(errno));
  if (!open_parent_only_pipe(from_worker)) {
    const int error = errno;
    close_parent_only(to_worker[0]);
    close_parent_only(to_worker[1]);
    throw Error(no_pipe(error));
  }

  SpawnSetup setup;
  give_only_the_pipes(setup.actions, to_worker[0], from_worker[1]);
  with_default_signals(setup.attributes);
  std::string warm_up_argument(kWarmUpArgument);
  char* argv[] = {const_cast<char*>(path.c_str()), warm_up ? warm_up_argument.data() : nullptr,
                  nullptr};
  pid_t pid = 0;
  const int spawned =
      ::posix_spawn(&pid, path.c_str(), &setup.actions, &setup.attributes, argv, environ);
  close_parent_only(to_worker[0]);
  close_parent_only(from_worker[1]);
  if (spawned != 0) {
    close_parent_only(to_worker[1]);
    close_parent_only(from_worker[0]);
    throw Error("tiletune: could not start the NVRTC worker " + path + ": " +
                std::strerror(spawned));
  }
  return std::unique_ptr<WorkerProcess>(new WorkerProcess(pid, to_worker[1], from_worker[0]));
}

WorkerProcess::WorkerProcess(pid_t started, int to_worker, int from_worker)
    : started_(started), to_worker_(to_worker), from_worker_(from_worker), number_([] {
        static std::atomic<int> made{0};
        return ++made;
      }()) {
  // This end only: the worker's ends block, as a program reading its stdin expects.
  for (int fd : {to_worker_, from_worker_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  struct stat pipe {};
  if (::fstat(to_worker_, &pipe) == 0) {
    pipe_device_ = pipe.st_dev;
    pipe_inode_ = pipe.st_ino;
  }
}

WorkerProcess::~WorkerProcess() {
  const int saved_errno = errno;
  // Killed while it still reads this pipe, so that the pid is surely the worker's: once the pipe
  // is closed it may end, and its pid be another process's.
  if (worker_ > 0 && holds_our_pipe(worker_)) ::kill(worker_, SIGKILL);
  close_parent_only(to_worker_);
  close_parent_only(from_worker_);
  reap_started(true);
  errno = saved_errno;
}

WorkerProcess::Exchange WorkerProcess::exchange(std::string_view request, Deadline deadline) {
  ++exchanges_;
  Exchange result{write_frame(to_worker_, request, deadline), {}};
  if (result.status == FrameStatus::kOk && !hello_read_) {
    result.status = read_hello(deadline);
    reap_started(false);  // it has ended by now, if it was the worker's parent
  }
  if (result.status == FrameStatus::kOk)
    result.status = read_frame(from_worker_, result.reply, deadline);
  reap_started(false);
  return result;
}

FrameStatus WorkerProcess::await_hello(Deadline deadline) {
  if (hello_read_) return FrameStatus::kOk;
  const FrameStatus status = read_hello(deadline);
  reap_started(false);
  return status;
}

FrameStatus WorkerProcess::read_hello(Deadline deadline) {
  std::string bytes;
  if (const FrameStatus status = read_frame(from_worker_, bytes, deadline);
      status != FrameStatus::kOk)
    return status;
  const std::optional<pid_t> pid = decode_hello(bytes);
  if (!pid) return FrameStatus::kNotAFrame;
  hello_read_ = true;
  // Taken only if true now: a process that does not read this pipe is not the worker (it may
  // have ended already, which the reply's end of file then says; or the id is another's).
  if (holds_our_pipe(*pid)) worker_ = *pid;
  return FrameStatus::kOk;
}

bool WorkerProcess::holds_our_pipe(pid_t pid) const {
  struct stat input {};
  const std::string path = "/proc/" + std::to_string(pid) + "/fd/0";
  return pipe_inode_ != 0 && ::stat(path.c_str(), &input) == 0 && input.st_dev == pipe_device_ &&
         input.st_ino == pipe_inode_;
}

void WorkerProcess::reap_started(bool stop) {
  if (started_reaped_) return;
  // 0: still running. Anything else is reaped here, or was by the application's own SIGCHLD
  // handling (ECHILD): either way the pid is no longer ours to signal.
  pid_t running = 0;
  while ((running = ::waitpid(started_, nullptr, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (running != 0) {
    started_reaped_ = true;
    return;
  }
  if (!stop) return;
  ::kill(started_, SIGKILL);
  while (::waitpid(started_, nullptr, 0) < 0 && errno == EINTR) {
  }
  started_reaped_ = true;
}

}  // namespace tiletune::detail
