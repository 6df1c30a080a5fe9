// `search = exhaustive`: every configuration the device can launch, in one round, so that every
// build is queued at once and the workers stay busy.
#include "tune/search/strategy.h"

namespace tiletune::detail {

std::string search_exhaustive(const SearchRun& run) {
  run.visit(run.eligible, {});
  return "exhaustive";
}

}  // namespace tiletune::detail
