// One tuning as a self-contained SVG: a panel per axis, the configurations grouped by that axis's
// value along x, their times along y, the winner marked. The same input gives the same bytes.
#pragma once

#include "results/tuning_points.h"

#include <string>

namespace tiletune::results {

std::string plot(const TuningPoints& tuning);

// `text` with &, <, >, " and ' written as XML entities.
std::string xml_escaped(const std::string& text);

}  // namespace tiletune::results
