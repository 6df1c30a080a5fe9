// One NVRTC worker process (nvrtc_worker_main.cpp) and the two pipes to it: its stdin for
// requests, its stdout for replies; its stderr is the runtime's. Started with posix_spawn, never
// fork: the runtime's other threads may hold locks (the allocator's, the driver's) that a forked
// child would find held forever.
#pragma once

#include <sys/types.h>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

class WorkerProcess {
 public:
  // Starts `path` with this process's environment. Throws tiletune::Error saying why it could not
  // (no such file, not executable, out of processes).
  static std::unique_ptr<WorkerProcess> start(const std::string& path);

  // Closes the pipes, kills the worker (idle or not: nothing of it is wanted any more) and reaps
  // it.
  ~WorkerProcess();
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  // Sends one request and waits for its reply. Nullopt when the worker has gone (its end of a
  // pipe closed: a read sees end of file, so this never waits on a dead worker) or answered with
  // something that is not a frame. One exchange at a time.
  std::optional<std::string> exchange(std::string_view request);

  pid_t pid() const { return pid_; }
  // Requests it answered (with a frame) so far.
  int answered() const { return answered_; }

  // For a forked copy of the runtime, whose workers are its parent's: closes this process's ends
  // of the pipes and leaves the worker itself alone (the destructor then does nothing more).
  void abandon();

 private:
  WorkerProcess(pid_t pid, int to_worker, int from_worker)
      : pid_(pid), to_worker_(to_worker), from_worker_(from_worker) {}

  pid_t pid_;
  int to_worker_;    // the write end of the worker's stdin
  int from_worker_;  // the read end of the worker's stdout
  int answered_ = 0;
};

}  // namespace tiletune::detail
