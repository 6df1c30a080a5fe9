// The sample strategy's sizes: how much of a space of `eligible` configurations it draws first,
// and the most it visits in all.
#pragma once

#include <cstddef>

namespace tiletune::detail {

std::size_t first_sample_size(std::size_t eligible);
std::size_t most_visits(std::size_t eligible);

}  // namespace tiletune::detail
