// NVRTC worker processes for the compile threads: a request takes an idle worker, or starts one
// when none is idle, so a thread never waits for another's worker and there are never more
// workers than threads that compiled at once. Workers stay for the life of the pool (a tuning of
// a second key finds them started) and are stopped with it. A process forked from the one that
// started them leaves them to their parent and starts its own (process/per_process.h).
#pragma once

#include "compile/front_end/front_end_runner.h"
#include "compile/front_end/worker_process.h"
#include "process/per_process.h"

#include <sys/types.h>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tiletune::detail {

class WorkerPool final : public FrontEndRunner {
 public:
  // `worker`: the program's path.
  WorkerPool(std::string worker, WorkerSettings settings);

  // In a worker; in this process instead when the worker dies, answers with something that is
  // not a reply to the request, or does not answer within the settings' timeout (the worker is
  // then stopped and dropped; the next request starts another), and from then on when a worker
  // cannot be started at all or fails so before its first reply (it starts but cannot run: a
  // library not found, the wrong program), unless it said it is a worker and is only late.
  FrontEndBatchOutput run(const FrontEndInput& input,
                          const std::vector<std::string>& name_expressions) override;

  // Starts `threads` workers, less those started already, on a thread of its own, each running
  // NVRTC once while it waits for its first request; each is idle, for the first request to take,
  // once it has said its hello, and counts in workers() from this call on. Once per process:
  // later calls do nothing. A request that comes before they are idle starts its own worker, as
  // without them (so there may be more workers than threads then). One that cannot be started is
  // left for a request to find, and say why.
  void start_ahead(unsigned threads) override;

  // Workers this process started and did not drop, idle or busy (tests).
  int workers();
  // The idle workers' process ids (tests).
  std::vector<pid_t> idle_workers();

 private:
  // One process's workers.
  struct Workers {
    // Waits for the thread that starts workers ahead, which holds no lock for long: a hello
    // comes within its deadline.
    ~Workers();
    std::mutex mutex;
    std::vector<std::unique_ptr<WorkerProcess>> idle;
    int started = 0;
    bool cannot_start = false;
    bool started_ahead = false;
    std::thread ahead;  // start_ahead's
  };

  // An idle worker, else a new one; null when none can be started.
  std::unique_ptr<WorkerProcess> check_out();
  void check_in(std::unique_ptr<WorkerProcess> worker);
  // start_ahead's thread.
  void start_workers_ahead(Workers& workers, int wanted);
  // Drops a worker that failed the request for `names`, and says so.
  void drop(std::unique_ptr<WorkerProcess> worker, FrameStatus why,
            const std::vector<std::string>& names);

  const std::string worker_;
  const WorkerSettings settings_;
  PerProcess<Workers> workers_;
};

}  // namespace tiletune::detail
