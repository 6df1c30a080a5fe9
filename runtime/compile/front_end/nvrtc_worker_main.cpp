// tiletune-nvrtc-worker: NVRTC front ends for a tiletune runtime (worker_pool.h). Reads
// requests from stdin and answers each on stdout, one at a time, until stdin ends. Not meant to be
// run by hand.
#include "compile/front_end/front_end_wire.h"
#include "compile/front_end/pipe_io.h"
#include "compile/front_end/worker_process.h"
#include "process/compile_priority.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

// Closes every descriptor but stdin, stdout and stderr: the runtime spawns this program with only
// those (worker_process.cpp) where glibc can, and this does it where it cannot.
void keep_only_standard_descriptors() {
  DIR* listing = ::opendir("/proc/self/fd");
  if (listing == nullptr) return;
  std::vector<int> others;
  while (const dirent* entry = ::readdir(listing)) {
    const int fd = std::atoi(entry->d_name);
    if (fd > STDERR_FILENO && fd != ::dirfd(listing)) others.push_back(fd);
  }
  ::closedir(listing);
  for (int fd : others) ::close(fd);
}

// Ends this process when the runtime has gone (no writer left on stdin: it exited, was killed, or
// exec()ed another program), even in the middle of a compile that would take long or never end.
void end_with_the_runtime() {
  std::thread([] {
    pollfd input{STDIN_FILENO, 0, 0};
    while (::poll(&input, 1, -1) < 0 || (input.revents & (POLLHUP | POLLERR | POLLNVAL)) == 0) {
    }
    ::_exit(0);
  }).detach();
}

// NVRTC's first program in a process costs it more than the next (loading what it needs, setting
// itself up): a worker started ahead of its first request pays that while it is idle.
void warm_up() {
  tiletune::detail::FrontEndRequest request;
  request.source = "extern \"C\" __global__ void tiletune_warm_up(int* p) { *p = 1; }";
  request.source_name = "tiletune_warm_up.cu";
  request.arch = 75;  // the oldest machine code this NVRTC builds
  request.cubin = true;
  request.name_expressions = {"tiletune_warm_up"};
  tiletune::detail::run_front_end(request);  // whatever it says: a request will say it again
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tiletune::detail;
  keep_only_standard_descriptors();
  // Below the application's threads, as the compile threads, whichever thread started it
  // (process/compile_priority.h).
  set_compile_priority_below(::getppid());
  // No child of the runtime's: this process forks the worker and ends, so the worker belongs to
  // the system (worker_process.h). Still one thread here: fork is safe.
  const pid_t started = ::getpid();
  const pid_t worker = ::fork();
  if (worker < 0) {
    std::perror("tiletune-nvrtc-worker: fork");
    return 1;
  }
  if (worker > 0) ::_exit(0);
  // Its hello waits until the process started has ended (this one has another parent): the
  // runtime then reaps that process when the hello comes, before it could exec() another program
  // that would find a zombie of it.
  while (::getppid() == started) ::usleep(50);
  // Replies go to a private copy of stdout; stdout itself becomes stderr, so that anything a
  // library prints cannot land in the middle of a reply.
  const int replies = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (replies < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("tiletune-nvrtc-worker");
    return 1;
  }
  if (write_frame(replies, encode_hello(::getpid())) != FrameStatus::kOk) return 1;
  end_with_the_runtime();
  if (argc > 1 && argv[1] == tiletune::detail::kWarmUpArgument) warm_up();
  std::string bytes;
  while (read_frame(STDIN_FILENO, bytes) == FrameStatus::kOk) {
    const std::optional<FrontEndRequest> request = decode_request(bytes);
    // Not a request: the runtime sees the worker end before it answered, and compiles in-process.
    if (!request) return 1;
    if (write_frame(replies, encode_reply(run_front_end(*request))) != FrameStatus::kOk) return 1;
  }
  return 0;
}
