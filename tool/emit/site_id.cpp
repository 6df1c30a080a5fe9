#include "emit/site_id.h"

#include "driver/nvrtc_options.h"
#include "hash/content_hash.h"

namespace tiletune::tool {
namespace {

// `text` with each CRLF line end read as LF: a file checked out with CRLF line ends holds the same
// code as its LF copy, and its sites the same identity. Text with LF line ends is hashed as it is
// (the identities results files already hold stay as they are).
std::string with_lf_line_ends(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] != '\r' || i + 1 == text.size() || text[i + 1] != '\n') out += text[i];
  return out;
}

// The slice without its `#line` lines: an edit above the kernel or the annotation moves them, and
// they name the file by its path; neither changes the code that is tuned.
std::string without_line_directives(std::string_view source) {
  std::string out;
  while (!source.empty()) {
    const std::size_t end = source.find('\n');
    const std::string_view line = source.substr(0, end);
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line.substr(first).rfind("#line ", 0) != 0) {
      out += line;
      out += '\n';
    }
    source.remove_prefix(end == std::string_view::npos ? source.size() : end + 1);
  }
  return out;
}

}  // namespace

std::string site_id(std::string_view device_source, std::string_view annotation_text,
                    std::string_view instantiation, const std::vector<std::string>& options) {
  std::uint64_t hash = detail::fnv1a64(without_line_directives(with_lf_line_ends(device_source)));
  hash = detail::fnv1a64(std::string_view("\0", 1), hash);  // where one ends and the other starts
  hash = detail::fnv1a64(with_lf_line_ends(annotation_text), hash);
  if (!instantiation.empty()) {
    hash = detail::fnv1a64(std::string_view("\0", 1), hash);
    hash = detail::fnv1a64(with_lf_line_ends(instantiation), hash);
  }
  for (const std::string& option : options) {
    if (option.rfind(kIncludePathOption, 0) == 0) continue;
    hash = detail::fnv1a64(std::string_view("\0", 1), hash);
    hash = detail::fnv1a64(option, hash);
  }
  return detail::hex64(hash);
}

std::string display_name(std::string_view file) {
  const std::size_t slash = file.find_last_of('/');
  return std::string(slash == std::string_view::npos ? file : file.substr(slash + 1));
}

}  // namespace tiletune::tool
