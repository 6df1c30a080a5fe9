// One tuning as a self-contained SVG: a panel per axis, the configurations grouped by that axis's
// value along x, their times along y, the winner marked. The same input gives the same bytes, and
// whatever the input holds, well-formed XML: names are written through detail::xml_text (control
// characters and bytes that are not UTF-8 as the text \xHH), and a configuration whose time is not
// a finite number (nan, inf: an edited file) is not drawn, which the title says.
#pragma once

#include "results/tuning_points.h"

#include <string>

namespace tiletune::results {

std::string plot(const TuningPoints& tuning);

}  // namespace tiletune::results
