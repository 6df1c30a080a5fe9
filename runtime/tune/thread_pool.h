// A fixed pool of worker threads for compiles, at a lower priority than the application's threads
// (process/compile_priority.h). Sized by the runtime (one thread per CPU the process may use,
// process/usable_cpus.h; TILETUNE_WORKERS overrides). Asked for
// more threads than the process may start, it has as many as started. A process forked from the one
// that started them has none of them: it starts threads of its own on first use, and never waits
// for its parent's (process/per_process.h).
#pragma once

#include "process/per_process.h"

#include <functional>
#include <future>
#include <memory>

namespace tiletune::detail {

class ThreadPool {
 public:
  explicit ThreadPool(unsigned workers);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The threads this process has.
  unsigned size();

  template <class F>
  auto submit(F&& f) -> std::future<decltype(f())> {
    using R = decltype(f());
    auto task = std::make_shared<std::packaged_task<R()>>(std::forward<F>(f));
    std::future<R> result = task->get_future();
    enqueue([task] { (*task)(); });
    return result;
  }

 private:
  class Threads;  // one process's threads and their queue

  void enqueue(std::function<void()> job);

  PerProcess<Threads> threads_;
};

}  // namespace tiletune::detail
