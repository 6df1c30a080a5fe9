// Files built into libtiletune (cmake/embed_files.py), so that a program runs where only the
// driver and NVRTC are installed: the toolkit headers a tuned kernel may include, and the NVRTC
// worker program.
#pragma once

#include <string_view>

namespace tiletune::detail {

// The archive of toolkit headers: per file, its path below the include directory, '\n', its size
// in decimal, '\n', its bytes.
std::string_view built_in_toolkit_headers();
// SHA-256 of that archive, in hex: names the directory it is written to.
std::string_view built_in_toolkit_headers_hash();

// tiletune-nvrtc-worker, stripped.
std::string_view built_in_nvrtc_worker();

}  // namespace tiletune::detail
