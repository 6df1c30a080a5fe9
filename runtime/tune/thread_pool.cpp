#include "tune/thread_pool.h"

#include "process/compile_priority.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace tiletune::detail {

class ThreadPool::Threads {
 public:
  // Starting a thread can fail (the process's thread or memory limits): the pool then works with
  // those already started. With none, it throws, after which nothing of it is left running: a
  // std::thread destroyed while still joinable would end the process.
  explicit Threads(unsigned workers) {
    if (workers == 0) workers = 1;
    try {
      threads_.reserve(workers);
      for (unsigned i = 0; i < workers; ++i)
        threads_.emplace_back([this] {
          lower_compile_priority();  // compiling yields to measuring
          work();
        });
    } catch (...) {
      if (threads_.empty()) throw;
    }
  }

  ~Threads() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  unsigned size() const { return static_cast<unsigned>(threads_.size()); }

  void enqueue(std::function<void()> job) {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back(std::move(job));
    }
    ready_.notify_one();
  }

 private:
  void work() {
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

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

ThreadPool::ThreadPool(unsigned workers)
    : threads_([workers] { return std::make_unique<Threads>(workers); }) {}

ThreadPool::~ThreadPool() = default;

unsigned ThreadPool::size() { return threads_.get().size(); }

void ThreadPool::enqueue(std::function<void()> job) { threads_.get().enqueue(std::move(job)); }

}  // namespace tiletune::detail
