#include "compile/front_end/worker_process.h"

#include "compile/front_end/pipe_io.h"

#include <tiletune/error.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

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

void close_both(int (&fds)[2]) {
  ::close(fds[0]);
  ::close(fds[1]);
}

}  // namespace

std::unique_ptr<WorkerProcess> WorkerProcess::start(const std::string& path) {
  // Every end close-on-exec: the worker gets its two as stdin and stdout (dup2 clears the flag on
  // the copy), and no other child, ours or the user's, started meanwhile keeps a copy, which
  // would hide a worker's death (its stdout would never reach end of file).
  int to_worker[2];
  int from_worker[2];
  if (::pipe2(to_worker, O_CLOEXEC) != 0)
    throw Error("tiletune: no pipe for the NVRTC worker: " + std::string(std::strerror(errno)));
  if (::pipe2(from_worker, O_CLOEXEC) != 0) {
    const int error = errno;
    close_both(to_worker);
    throw Error("tiletune: no pipe for the NVRTC worker: " + std::string(std::strerror(error)));
  }

  SpawnSetup setup;
  ::posix_spawn_file_actions_adddup2(&setup.actions, to_worker[0], STDIN_FILENO);
  ::posix_spawn_file_actions_adddup2(&setup.actions, from_worker[1], STDOUT_FILENO);
  // The calling thread's mask may block signals (this one's SIGPIPE, the user's own): the worker
  // starts with none blocked and SIGPIPE at its default, so that it ends when the runtime goes.
  sigset_t none;
  ::sigemptyset(&none);
  sigset_t pipe_signal;
  ::sigemptyset(&pipe_signal);
  ::sigaddset(&pipe_signal, SIGPIPE);
  ::posix_spawnattr_setsigmask(&setup.attributes, &none);
  ::posix_spawnattr_setsigdefault(&setup.attributes, &pipe_signal);
  ::posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
  pid_t pid = 0;
  const int spawned =
      ::posix_spawn(&pid, path.c_str(), &setup.actions, &setup.attributes, argv, environ);
  ::close(to_worker[0]);
  ::close(from_worker[1]);
  if (spawned != 0) {
    ::close(to_worker[1]);
    ::close(from_worker[0]);
    throw Error("tiletune: could not start the NVRTC worker " + path + ": " +
                std::strerror(spawned));
  }
  return std::unique_ptr<WorkerProcess>(new WorkerProcess(pid, to_worker[1], from_worker[0]));
}

void WorkerProcess::abandon() {
  ::close(to_worker_);
  ::close(from_worker_);
  to_worker_ = from_worker_ = -1;
  pid_ = -1;
}

WorkerProcess::~WorkerProcess() {
  if (pid_ < 0) return;
  const int saved_errno = errno;
  ::close(to_worker_);
  ::close(from_worker_);
  // Killed only while it is still ours to reap (0: running): after the user's own SIGCHLD
  // handling reaped it (ECHILD), its pid may already be another process's.
  if (::waitpid(pid_, nullptr, WNOHANG) == 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  errno = saved_errno;
}

std::optional<std::string> WorkerProcess::exchange(std::string_view request) {
  if (!write_frame(to_worker_, request)) return std::nullopt;
  std::optional<std::string> reply = read_frame(from_worker_);
  if (reply) ++answered_;
  return reply;
}

}  // namespace tiletune::detail
