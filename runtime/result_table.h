// Winners by hash, read without locks: the launch path probes an open-addressed table of atomic
// pointers. Writers (a finished tuning) take a mutex and, when the table is half full, publish a
// larger copy; old tables and entries stay alive until the table is destroyed, so a reader never
// sees freed memory.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace tiletune::detail {

template <class Entry>  // Entry has a member `std::uint64_t hash`
class ResultTable {
 public:
  ResultTable() { current_.store(grow_to(16), std::memory_order_release); }

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
    for (std::size_t i = 0; i < capacity; ++i) slots->at[i].store(nullptr, std::memory_order_relaxed);
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
};

}  // namespace tiletune::detail
