#include "corpus_support.h"

#include <algorithm>
#include <cmath>

namespace tiletune::corpus {

void expect_slices_compile(const std::string& file, int configurations, const Key& key) {
  testing::expect_every_site_compiles(file, configurations, key, 128);
}

int count_mismatches(const std::vector<float>& got, const std::vector<float>& want,
                     float tolerance) {
  if (got.size() != want.size()) {
    ADD_FAILURE() << "sizes differ: " << got.size() << " vs " << want.size();
    return static_cast<int>(std::max(got.size(), want.size()));
  }
  int wrong = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    float scale = std::max(1.0f, std::fabs(want[i]));
    if (!(std::fabs(got[i] - want[i]) <= tolerance * scale)) {
      if (wrong < 5) ADD_FAILURE() << "element " << i << ": got " << got[i] << ", want " << want[i];
      ++wrong;
    }
  }
  return wrong;
}

}  // namespace tiletune::corpus
