#include "store/results_image.h"

namespace tiletune::detail {

bool ResultsImage::keep(StoredResult result) {
  auto [at, added] = index_.try_emplace(identity_text(result), results_.size());
  if (added) {
    results_.push_back(std::move(result));
    return false;
  }
  results_[at->second] = std::move(result);
  return true;
}

const StoredResult* ResultsImage::find(const StoredResult& query) const {
  const auto at = index_.find(identity_text(query));
  return at == index_.end() ? nullptr : &results_[at->second];
}

std::size_t ResultsImage::erase_if(const std::function<bool(const StoredResult&)>& remove) {
  const std::size_t removed = std::erase_if(results_, remove);
  if (removed == 0) return 0;
  // Positions after the first removed one moved: rebuilt (removing is rare, a site's clear()).
  index_.clear();
  for (std::size_t i = 0; i < results_.size(); ++i) index_.emplace(identity_text(results_[i]), i);
  return removed;
}

void ResultsImage::clear() {
  results_.clear();
  index_.clear();
}

std::vector<StoredResult> ResultsImage::take() && {
  index_.clear();
  return std::move(results_);
}

}  // namespace tiletune::detail
