// One tuning per identity (site, key, hints, device model) among the threads of one process: a
// process driving several GPUs of one model from several threads tunes each key once, on the
// device whose thread got there first; the other threads wait here, in memory, and take that
// winner (compiled and loaded in their own context) without measuring. The results file's lock
// (store/tuning_lock.h) stays what keeps processes apart; a thread never waits on it for a thread
// of its own process. GPUs of different models have different identities and tune separately.
#pragma once

#include "store/results_format.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace tiletune::detail {

class TuningsInProcess {
  struct Slot;

 public:
  // A thread's turn at an identity: the thread that claimed it first tunes (owner()), and must
  // finish() it; every other thread that claims it meanwhile waits (wait()).
  class Turn {
   public:
    Turn(TuningsInProcess& owner, std::string identity, std::shared_ptr<Slot> slot, bool first);
    ~Turn();  // an owner that never finished (it threw) lets the waiters decide for themselves
    Turn(const Turn&) = delete;
    Turn& operator=(const Turn&) = delete;

    bool owner() const { return first_; }
    // The owner's winner for every waiter; nullopt: it has none to share (it failed).
    void finish(std::optional<StoredResult> winner);
    // Waits for the owner's finish(): its winner, or nullopt when it had none.
    std::optional<StoredResult> wait() const;

   private:
    TuningsInProcess& tunings_;
    std::string identity_;
    std::shared_ptr<Slot> slot_;
    bool first_;
  };

  // Claims `identity` (identity_text of a stored identity) for the calling thread.
  Turn claim(const std::string& identity);

  // How many threads are waiting in Turn::wait now.
  int waiting() const { return waiting_.load(); }

 private:
  struct Slot {
    std::mutex mutex;
    std::condition_variable done_cv;
    bool done = false;
    std::optional<StoredResult> winner;
  };
  void release(const std::string& identity, const std::shared_ptr<Slot>& slot);

  std::atomic<int> waiting_{0};
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Slot>> slots_;  // identities being tuned now
};

}  // namespace tiletune::detail
