// A cache in which any number of threads asking for one key cause one computation: the first asker
// computes, the others wait for its value or its exception. Different keys compute in parallel.
#pragma once

#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace tiletune::detail {

template <class Key, class Value>
class SingleFlightCache {
 public:
  // Returns the cached value for `key`, computing it with `make` if nobody has. A value for which
  // `keep` is false, or a computation that threw, is not cached: every asker already waiting on
  // it gets that value or exception, and the first asker after it computes again.
  //
  // An exception reaches every waiter as the same object (std::shared_future rethrows what it
  // holds), so waiters on different threads share it: a caller that wants each thread to throw
  // its own should return failures as values and throw after get() (CachingCompiler does).
  template <class Make, class Keep>
  Value get(const Key& key, Make&& make, Keep&& keep, bool* computed = nullptr) {
    std::shared_future<Value> future;
    std::optional<Claim> claimed = [&] {
      std::lock_guard lock(mutex_);
      return claim_locked(key, future);
    }();
    if (computed) *computed = claimed.has_value();
    if (claimed) {
      try {
        publish(*claimed, make(), keep);
      } catch (...) {
        fail(*claimed, std::current_exception());
      }
    }
    return future.get();
  }

  template <class Make>
  Value get(const Key& key, Make&& make, bool* computed = nullptr) {
    return get(
        key, std::forward<Make>(make), [](const Value&) { return true; }, computed);
  }

  // A computation the caller took on for a key that nobody had: askers of the key wait for it
  // until publish(). One dropped unpublished is published as an exception, so nobody waits for
  // ever.
  class Claim {
   public:
    Claim(Claim&& other) noexcept
        : owner_(std::exchange(other.owner_, nullptr)),
          key_(std::move(other.key_)),
          promise_(std::move(other.promise_)),
          published_(other.published_) {}
    Claim& operator=(Claim&&) = delete;
    ~Claim() {
      if (owner_ && !published_)
        owner_->fail(*this, std::make_exception_ptr(std::runtime_error(
                                "tiletune: internal error: a claimed computation was dropped")));
    }
    const Key& key() const { return key_; }

   private:
    friend class SingleFlightCache;
    Claim(SingleFlightCache* owner, Key key, std::promise<Value> promise)
        : owner_(owner), key_(std::move(key)), promise_(std::move(promise)) {}
    SingleFlightCache* owner_;
    Key key_;
    std::promise<Value> promise_;
    bool published_ = false;
  };

  // Claims, at once, every key of `keys` that is neither cached nor being computed; keys already
  // claimed or cached are left out. Several computations done as one take their keys this way.
  std::vector<Claim> claim(const std::vector<Key>& keys) {
    std::vector<Claim> claims;
    std::lock_guard lock(mutex_);
    for (const Key& key : keys) {
      std::shared_future<Value> unused;
      if (std::optional<Claim> claimed = claim_locked(key, unused))
        claims.push_back(std::move(*claimed));
    }
    return claims;
  }

  // Hands the claimed key's value to its askers; cached when `keep` says so, as get() does.
  template <class Keep>
  void publish(Claim& claim, Value value, Keep&& keep) {
    if (!keep(value)) forget(claim.key_);
    claim.published_ = true;
    claim.promise_.set_value(std::move(value));
  }

  // Whether `key` is cached or being computed.
  bool contains(const Key& key) const {
    std::lock_guard lock(mutex_);
    return entries_.count(key) != 0;
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
  // With the lock held: the claim of `key` if nobody has it; `future` is the key's result either
  // way.
  std::optional<Claim> claim_locked(const Key& key, std::shared_future<Value>& future) {
    auto [it, inserted] = entries_.try_emplace(key);
    if (!inserted) {
      future = it->second;
      return std::nullopt;
    }
    std::promise<Value> promise;
    future = it->second = promise.get_future().share();
    return Claim(this, key, std::move(promise));
  }

  // The claimed computation threw: its askers get the exception, and the key is free again.
  void fail(Claim& claim, std::exception_ptr error) {
    forget(claim.key_);
    claim.published_ = true;
    claim.promise_.set_exception(std::move(error));
  }

  // Before the result is published, so that nobody arriving from then on joins a computation
  // whose result is not kept; those that joined before hold the future.
  void forget(const Key& key) {
    std::lock_guard lock(mutex_);
    entries_.erase(key);
  }

  mutable std::mutex mutex_;
  std::map<Key, std::shared_future<Value>> entries_;
};

}  // namespace tiletune::detail
