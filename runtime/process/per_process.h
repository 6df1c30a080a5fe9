// An object of which each process has its own: a process forked from the one that made it makes
// another on first use, and never touches its parent's. The runtime lives in an application that
// may fork() at any time: the child has the parent's memory but only the forking thread, so the
// parent's threads cannot be joined there, its condition variables count waiters that will never
// wake (destroying one waits for them forever), its mutexes may be held by threads that are gone,
// and its directories and child processes are the parent's to remove and stop. The child leaves
// the parent's object exactly as it finds it: unused, never destroyed (its memory is the child's
// only leak, once per fork).
#pragma once

#include <unistd.h>

#include <atomic>
#include <functional>
#include <memory>
#include <utility>

namespace tiletune::detail {

template <class T>
class PerProcess {
 public:
  // `make` makes this process's object: now, and again on first use in each forked child.
  explicit PerProcess(std::function<std::unique_ptr<T>()> make) : make_(std::move(make)) {
    current_.store(new Made{::getpid(), make_()}, std::memory_order_release);
  }

  // Destroys this process's object; a forked child leaves its parent's alone.
  ~PerProcess() {
    Made* made = current_.load(std::memory_order_acquire);
    if (made->owner == ::getpid()) delete made;
  }
  PerProcess(const PerProcess&) = delete;
  PerProcess& operator=(const PerProcess&) = delete;

  // This process's object, made here if the one there is a parent's.
  T& get() {
    Made* made = current_.load(std::memory_order_acquire);
    if (made->owner == ::getpid()) return *made->object;
    // No lock: one held at the fork by a thread of the parent would never be released here.
    // Threads of the child that get here at once each make one; one of them is kept.
    auto own = std::make_unique<Made>(Made{::getpid(), make_()});
    if (current_.compare_exchange_strong(made, own.get(), std::memory_order_acq_rel))
      return *own.release()->object;
    return *made->object;  // another thread of this process made it first; `own` goes
  }

 private:
  struct Made {
    pid_t owner;
    std::unique_ptr<T> object;
  };

  const std::function<std::unique_ptr<T>()> make_;
  std::atomic<Made*> current_;
};

}  // namespace tiletune::detail
