#include "first_launch/tunings_in_process.h"

#include <utility>

namespace tiletune::detail {

TuningsInProcess::Turn TuningsInProcess::claim(const std::string& identity) {
  std::lock_guard lock(mutex_);
  auto [it, inserted] = slots_.try_emplace(identity);
  if (inserted) it->second = std::make_shared<Slot>();
  return Turn(*this, identity, it->second, inserted);
}

void TuningsInProcess::release(const std::string& identity, const std::shared_ptr<Slot>& slot) {
  std::lock_guard lock(mutex_);
  auto it = slots_.find(identity);
  if (it != slots_.end() && it->second == slot) slots_.erase(it);
}

TuningsInProcess::Turn::Turn(TuningsInProcess& owner, std::string identity,
                             std::shared_ptr<Slot> slot, bool first)
    : tunings_(owner), identity_(std::move(identity)), slot_(std::move(slot)), first_(first) {}

TuningsInProcess::Turn::~Turn() {
  if (first_) finish(std::nullopt);
}

void TuningsInProcess::Turn::finish(std::optional<StoredResult> winner) {
  {
    std::lock_guard lock(slot_->mutex);
    if (slot_->done) return;
    slot_->done = true;
    slot_->winner = std::move(winner);
  }
  // Later claims of the identity tune again (after a clear), or find the winner stored.
  tunings_.release(identity_, slot_);
  slot_->done_cv.notify_all();
}

std::optional<StoredResult> TuningsInProcess::Turn::wait() const {
  std::unique_lock lock(slot_->mutex);
  ++tunings_.waiting_;
  slot_->done_cv.wait(lock, [&] { return slot_->done; });
  --tunings_.waiting_;
  return slot_->winner;
}

}  // namespace tiletune::detail
