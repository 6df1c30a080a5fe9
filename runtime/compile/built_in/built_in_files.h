// Files built into libtiletune (cmake/embed_files.py), so that a program runs where only the
// driver and NVRTC are installed: the toolkit headers a tuned kernel may include, and the NVRTC
// worker program. Stored zlib-compressed (every program linked with the library carries them);
// inflate.h gives the bytes back.
#pragma once

#include <cstddef>
#include <string_view>

namespace tiletune::detail {

struct BuiltInFile {
  std::string_view name;        // what it is, for messages
  std::string_view compressed;  // the zlib stream
  std::size_t size = 0;         // its bytes' size once inflated
};

// The archive of toolkit headers: per file, its path below the include directory, '\n', its size
// in decimal, '\n', its bytes.
BuiltInFile built_in_toolkit_headers();
// SHA-256 of that archive (inflated), in hex: names the directory it is written to.
std::string_view built_in_toolkit_headers_hash();

// tiletune-nvrtc-worker, stripped.
BuiltInFile built_in_nvrtc_worker();

}  // namespace tiletune::detail
