// NVRTC worker processes for the compile threads: a request takes an idle worker, or starts one
// when none is idle, so a thread never waits for another's worker and there are never more
// workers than threads that compiled at once. Workers stay for the life of the pool (a tuning of
// a second key finds them started) and are reaped with it. A process forked from the one that
// started them leaves them to their parent and starts its own.
#pragma once

#include "compile/front_end/front_end_runner.h"
#include "compile/front_end/worker_process.h"

#include <sys/types.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tiletune::detail {

class WorkerPool final : public FrontEndRunner {
 public:
  // `worker`: the program's path. `log`: where a failure over to in-process is said.
  WorkerPool(std::string worker, LogLine log);
  ~WorkerPool() override;

  // In a worker; in this process instead when the worker dies or answers with something that is
  // not a reply to the request (the worker is then dropped; the next request starts another), and
  // from then on when a worker cannot be started at all or fails so before its first reply (it
  // starts but cannot run: a library not found, the wrong program).
  FrontEndBatchOutput run(const FrontEndInput& input,
                          const std::vector<std::string>& name_expressions) override;

  // Workers started and not dropped, idle or busy (tests).
  int workers() const;
  // The idle workers' process ids (tests).
  std::vector<pid_t> idle_workers() const;

 private:
  // An idle worker, else a new one; null when none can be started.
  std::unique_ptr<WorkerProcess> check_out();
  void check_in(std::unique_ptr<WorkerProcess> worker);
  // In a forked child: drops the parent's workers without touching them. Under mutex_.
  void leave_parents_workers();

  const std::string worker_;
  const LogLine log_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<WorkerProcess>> idle_;
  int started_ = 0;
  pid_t owner_;  // the process whose children the workers are
  bool cannot_start_ = false;
};

}  // namespace tiletune::detail
