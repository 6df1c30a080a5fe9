// One NVRTC worker process (nvrtc_worker_main.cpp) and the two pipes to it: its stdin for
// requests, its stdout for replies; its stderr is the runtime's. Started with posix_spawn, never
// fork: the runtime's other threads may hold locks (the allocator's, the driver's) that a forked
// child would find held forever. The worker gets only its pipes and stderr (no other descriptor of
// the application: a pipe the application closes must reach end of file, a file it unlocks must
// be free), and it is no child of this process: the program started forks it and exits at once,
// so that when the application exec()s another program, the worker ends (its stdin closes) and
// is reaped by the system, never left a zombie of a program that knows nothing of it. Its first
// frame says its process id, the handle to stop it by.
#pragma once

#include "compile/front_end/pipe_io.h"

#include <sys/types.h>
#include <memory>
#include <string>
#include <string_view>

namespace tiletune::detail {

// The worker's one argument, when it is to run NVRTC once before its first request.
inline constexpr std::string_view kWarmUpArgument = "--warm-up";

class WorkerProcess {
 public:
  // Starts `path` with this process's environment; with `warm_up`, the worker runs NVRTC once on
  // a kernel of its own after its hello, before it reads a request (kWarmUpArgument). Throws
  // tiletune::Error saying why it could not (no such file, not executable, out of processes).
  static std::unique_ptr<WorkerProcess> start(const std::string& path, bool warm_up = false);

  // Closes the pipes (the worker ends when it sees that), kills the worker if it is still there
  // (a stopped or hung one would not end by itself) and reaps the process started.
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  struct Exchange {
    // kOk: `reply` is a frame's payload. kEnded: the worker has gone (a read sees end of file, so
    // this never waits on a dead worker). kNotAFrame: it answered with something that is not a
    // frame (or a first frame that is not a hello). kLate: `deadline` passed first.
    FrameStatus status;
    std::string reply;
  };
  // Sends one request and waits for its reply until `deadline`. One exchange at a time.
  Exchange exchange(std::string_view request, Deadline deadline);
  // Waits until `deadline` for the worker's hello, which an exchange otherwise reads first, and
  // reaps the process started (a worker started ahead of its first request leaves no zombie
  // until then). kOk once the hello has been read.
  FrameStatus await_hello(Deadline deadline);

  // The worker's process id once it said it, else the process started's.
  pid_t pid() const { return worker_ > 0 ? worker_ : started_; }
  // Exchanges begun with it so far.
  int exchanges() const { return exchanges_; }
  // Whether it said the hello of a worker: the program is one, and started.
  bool said_hello() const { return hello_read_; }
  // This one's number among the workers this process started (names what is its own: its PCH
  // directory), never another's while both live, unlike a process id.
  int number() const { return number_; }

 private:
  WorkerProcess(pid_t started, int to_worker, int from_worker);

  // Reads the worker's hello: its process id, kept if that process holds this pipe as its stdin.
  FrameStatus read_hello(Deadline deadline);
  // Whether process `pid` has this worker's pipe as its stdin: then it is the worker, and alive.
  bool holds_our_pipe(pid_t pid) const;
  // Reaps the process started once it has exited; with `stop`, kills it first if it has not.
  void reap_started(bool stop);

  pid_t started_;  // the process posix_spawn started: for the worker, the one that forks it
  bool hello_read_ = false;
  pid_t worker_ = 0;  // the worker's own, from its hello
  bool started_reaped_ = false;
  int to_worker_;    // the write end of the worker's stdin (non-blocking)
  int from_worker_;  // the read end of the worker's stdout (non-blocking)
  // The pipe to the worker's stdin, as /proc/<pid>/fd/0 shows it in the worker.
  dev_t pipe_device_ = 0;
  ino_t pipe_inode_ = 0;
  int exchanges_ = 0;
  const int number_;
};

}  // namespace tiletune::detail
