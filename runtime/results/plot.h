// One tuning as a self-contained SVG that reads without a browser: a row per configuration that
// ran, fastest first, each labelled with its values, a bar for its median and its time as text, the
// winner in red with how much faster it is than the rest; then what did not run (a log's failed
// configurations with their reasons and the search's counts) and how many combinations of the
// axes' values are not in the data (removed by `where`). The canvas is as wide as its longest
// text. The same input gives the same bytes, and whatever the input holds, well-formed XML: names
// are written through detail::xml_text (control characters and bytes that are not UTF-8 as the
// text \xHH), and a configuration whose time is not a finite number (nan, inf: an edited file) is
// not drawn, which a line says.
#pragma once

#include "results/tuning_points.h"

#include <string>

namespace tiletune::results {

std::string plot(const TuningPoints& tuning);

// The width `text` takes at `size` px in the plot's sans-serif font, by an upper bound per
// character (DejaVu Sans, the font Debian renders sans-serif with, is among the widest), so that
// the canvas is sized to hold it.
double text_width(const std::string& text, double size);

}  // namespace tiletune::results
