// The results of a results file as one process holds them: one result per identity (site, device,
// key, hints), in the order each identity first came, a later result of an identity replacing the
// earlier in its place. Looking one up costs the same however many there are, so that an
// application with thousands of keys pays nothing more per key for the ones before it.
#pragma once

#include "store/results_format.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tiletune::detail {

class ResultsImage {
 public:
  // Adds `result`, or puts it in place of the one with its identity; true when it replaced one.
  bool keep(StoredResult result);

  // The result with `query`'s identity, if there is one.
  const StoredResult* find(const StoredResult& query) const;

  // Removes every result `remove` selects; how many it removed.
  std::size_t erase_if(const std::function<bool(const StoredResult&)>& remove);

  void clear();
  std::size_t size() const { return results_.size(); }
  const std::vector<StoredResult>& results() const { return results_; }
  std::vector<StoredResult> take() &&;

 private:
  std::vector<StoredResult> results_;
  std::unordered_map<std::string, std::size_t> index_;  // identity_text -> position in results_
};

}  // namespace tiletune::detail
