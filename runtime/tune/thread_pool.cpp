#include "tune/thread_pool.h"

namespace tiletune::detail {

// Starting a thread can fail (the process's thread or memory limits): the pool then works with
// those already started. With none, it throws, after which nothing of it is left running: a
// std::thread destroyed while still joinable would end the process.
ThreadPool::ThreadPool(unsigned workers) {
  if (workers == 0) workers = 1;
  try {
    threads_.reserve(workers);
    for (unsigned i = 0; i < workers; ++i) threads_.emplace_back([this] { work(); });
  } catch (...) {
    if (threads_.empty()) throw;
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void ThreadPool::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job();
  }
}

}  // namespace tiletune::detail
