#include "tuning_history.h"

#include <tiletune/site.h>  // tuning_results(), the front door's view of the history

#include <mutex>
#include <vector>

namespace tiletune {
namespace {

std::mutex& history_mutex() {
  static std::mutex m;
  return m;
}
std::vector<TuningResult>& history() {
  static std::vector<TuningResult> list;
  return list;
}

}  // namespace

void detail::record_tuning(const TuningResult& result) {
  std::lock_guard lock(history_mutex());
  history().push_back(result);
}

std::vector<TuningResult> tuning_results() {
  std::lock_guard lock(history_mutex());
  return history();
}

}  // namespace tiletune
