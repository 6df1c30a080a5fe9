#include "tune/search/neighbourhood.h"

#include <algorithm>

namespace tiletune::detail {
namespace {

std::vector<long long> values_of(const Config& c) {
  std::vector<long long> v;
  for (int a = 0; a < c.size(); ++a) v.push_back(c[a]);
  return v;
}

}  // namespace

Neighbourhood::Neighbourhood(const Space& space) : configs_(space.configurations()) {
  const int axes = static_cast<int>(space.axis_names().size());
  values_.resize(static_cast<std::size_t>(axes));
  for (std::size_t i = 0; i < configs_.size(); ++i) {
    index_[values_of(configs_[i])] = i;
    for (int a = 0; a < axes; ++a) values_[static_cast<std::size_t>(a)].push_back(configs_[i][a]);
  }
  for (std::vector<long long>& v : values_) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
}

std::vector<std::size_t> Neighbourhood::of(std::size_t i) const {
  std::vector<std::size_t> out;
  const Config& c = configs_[i];
  for (std::size_t a = 0; a < values_.size(); ++a) {
    const std::vector<long long>& v = values_[a];
    const auto at = std::lower_bound(v.begin(), v.end(), c[static_cast<int>(a)]) - v.begin();
    for (const long long step : {-1LL, 1LL})
      for (long long p = at + step; p >= 0 && p < static_cast<long long>(v.size()); p += step) {
        Config n = c;
        n[static_cast<int>(a)] = v[static_cast<std::size_t>(p)];
        if (auto found = index_.find(values_of(n)); found != index_.end()) {
          out.push_back(found->second);
          break;
        }
      }
  }
  return out;
}

}  // namespace tiletune::detail
