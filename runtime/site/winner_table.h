// Winners by hash, read without locks: the launch path probes an open-addressed table of atomic
// pointers. Writers (a finished tuning) take a mutex and, when the table is half full, publish a
// larger copy; removal publishes a copy without the removed entries. Old tables and entries stay
// alive until the table is destroyed, so a reader never sees freed memory.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tiletune::detail {

template <class Entry>  // Entry has a member `std::uint64_t hash`
class WinnerTable {
 public:
  static_assert(std::atomic<const Entry*>::is_always_lock_free);

  WinnerTable() { current_.store(grow_to(16), std::memory_order_release); }

  template <class Match>
  const Entry* find(std::uint64_t hash, const Match& match) const {
    const Slots* slots = current_.load(std::memory_order_acquire);
    for (std::size_t i = hash & slots->mask;; i = (i + 1) & slots->mask) {
      const Entry* e = slots->at[i].load(std::memory_order_acquire);
      if (!e) return nullptr;
      if (e->hash == hash && match(*e)) return e;
    }
  }

  // Takes ownership; the caller makes sure the entry is not already present.
  const Entry* insert(std::unique_ptr<Entry> entry) {
    std::lock_guard lock(write_mutex_);
    Slots* slots = current_.load(std::memory_order_relaxed);
    if ((entries_.size() + 1) * 2 > slots->mask + 1) {
      Slots* bigger = grow_to((slots->mask + 1) * 2);
      for (const auto& e : entries_) place(*bigger, e.get());
      current_.store(bigger, std::memory_order_release);
      slots = bigger;
    }
    const Entry* raw = entry.get();
    entries_.push_back(std::move(entry));
    place(*slots, raw);
    return raw;
  }

  // Removes every entry `remove` selects; returns how many.
  template <class Remove>
  std::size_t erase_if(const Remove& remove) {
    std::lock_guard lock(write_mutex_);
    Slots* slots = current_.load(std::memory_order_relaxed);
    Slots* rebuilt = grow_to(slots->mask + 1);
    std::size_t removed = 0;
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (remove(static_cast<const Entry&>(**it))) {
        retired_.push_back(std::move(*it));
        it = entries_.erase(it);
        ++removed;
      } else {
        place(*rebuilt, it->get());
        ++it;
      }
    }
    current_.store(rebuilt, std::memory_order_release);
    return removed;
  }

  template <class Visit>
  void for_each(const Visit& visit) const {
    std::lock_guard lock(write_mutex_);
    for (const auto& e : entries_) visit(*e);
  }

 private:
  struct Slots {
    std::size_t mask;
    std::unique_ptr<std::atomic<const Entry*>[]> at;
  };

  Slots* grow_to(std::size_t capacity) {
    auto slots = std::make_unique<Slots>();
    slots->mask = capacity - 1;
    slots->at = std::make_unique<std::atomic<const Entry*>[]>(capacity);
    for (std::size_t i = 0; i < capacity; ++i)
      slots->at[i].store(nullptr, std::memory_order_relaxed);
    tables_.push_back(std::move(slots));
    return tables_.back().get();
  }

  static void place(Slots& slots, const Entry* e) {
    std::size_t i = e->hash & slots.mask;
    while (slots.at[i].load(std::memory_order_relaxed)) i = (i + 1) & slots.mask;
    slots.at[i].store(e, std::memory_order_release);
  }

  std::atomic<Slots*> current_{nullptr};
  mutable std::mutex write_mutex_;
  std::vector<std::unique_ptr<Slots>> tables_;
  std::vector<std::unique_ptr<Entry>> entries_;
  std::vector<std::unique_ptr<Entry>> retired_;  // removed, but a reader may still hold one
};

}  // namespace tiletune::detail
