// Writing the results command's output files: atomically (a temporary next to it, renamed over
// it), and never over a symbolic link or anything but a regular file, which may point at or be
// something the user did not mean to replace.
#pragma once

#include <string>
#include <string_view>

namespace tiletune::results {

// "" when `bytes` are now the file at `path`, else why not.
std::string write_output(const std::string& path, std::string_view bytes);

}  // namespace tiletune::results
