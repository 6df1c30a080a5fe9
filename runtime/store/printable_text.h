// Text read from a file (a site's name, a device, an axis name, a malformed line) as it may be
// printed. A results file is anyone's to edit: printed raw, its bytes could be terminal escape
// sequences (retitle the window, rewrite the lines above, hide a warning) or make an SVG that no
// XML reader opens. What is not plain printable UTF-8 is written as the text \xHH, so that nothing
// is lost to the eye and nothing reaches the terminal or the XML reader as control.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tiletune::detail {

// `text` for a terminal: valid UTF-8 other than control characters as it is; every byte of a C0
// or C1 control character (tabs and line ends too: this is one line or one table cell), of DEL,
// or that is not part of valid UTF-8, as \xHH.
std::string terminal_text(std::string_view text);

// `text` for XML 1.0 character data and attribute values: as terminal_text, also escaping the
// characters XML forbids (U+FFFE, U+FFFF), then & < > " ' as entities. Always well-formed.
std::string xml_text(std::string_view text);

// How many characters `text` (valid UTF-8, as the two above return) shows: columns of a table.
std::size_t shown_width(std::string_view text);

}  // namespace tiletune::detail
