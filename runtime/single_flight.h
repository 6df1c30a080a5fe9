// A cache in which any number of threads asking for one key cause one computation: the first asker
// computes, the others wait for its value or its exception. Different keys compute in parallel.
#pragma once

#include <functional>
#include <future>
#include <map>
#include <mutex>

namespace tiletune::detail {

template <class Key, class Value>
class SingleFlightCache {
 public:
  // Returns the cached value for `key`, computing it with `make` if nobody has. A computation that
  // threw is not cached: the next asker tries again.
  template <class Make>
  Value get(const Key& key, Make&& make, bool* computed = nullptr) {
    std::promise<Value> promise;
    std::shared_future<Value> future;
    bool first = false;
    {
      std::lock_guard lock(mutex_);
      auto [it, inserted] = entries_.try_emplace(key);
      if (inserted) it->second = promise.get_future().share();
      future = it->second;
      first = inserted;
    }
    if (computed) *computed = first;
    if (!first) return future.get();
    try {
      promise.set_value(make());
    } catch (...) {
      promise.set_exception(std::current_exception());
      std::lock_guard lock(mutex_);
      entries_.erase(key);
    }
    return future.get();
  }

  void clear() {
    std::lock_guard lock(mutex_);
    entries_.clear();
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }

 private:
  mutable std::mutex mutex_;
  std::map<Key, std::shared_future<Value>> entries_;
};

}  // namespace tiletune::detail
