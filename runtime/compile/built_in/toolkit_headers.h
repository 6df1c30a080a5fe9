// Where NVRTC finds the toolkit headers a tuned kernel includes (cuda_fp16.h, cooperative_groups,
// cub, ...) on the machine the program runs on. Production images carry the driver and NVRTC but
// not the toolkit's headers, so libtiletune carries its own copy (built_in_files.h): where
// toolkit_include_dir() (TILETUNE_CUDA_INCLUDE, else the toolkit tiletune was built against) does
// not hold them and TILETUNE_CUDA_INCLUDE is unset, the copy is written once to disk and NVRTC
// reads it there.
#pragma once

#include <string>
#include <vector>

namespace tiletune::detail {

struct ToolkitHeaders {
  std::string directory;             // where NVRTC reads them; "" when nowhere (see `problem`)
  std::vector<std::string> options;  // NVRTC options to add; empty for the toolkit's own
  std::string problem;               // why the built-in copy could not be written, else ""
};

// The headers for this process's compiles, for the cache directory `cache_dir` (the runtime's:
// TILETUNE_CACHE_DIR, else $XDG_CACHE_HOME/tiletune or ~/.cache/tiletune): the toolkit's own
// where they are there, else the built-in copy under `cache_dir`, else under $TMPDIR (or /tmp).
ToolkitHeaders toolkit_headers(const std::string& cache_dir);

// Writes the built-in headers to `parent`/tiletune-cuda-include-<hash>/ unless a complete copy
// is already there, and returns that directory; "" with `problem` set when it cannot. The copy is
// written beside it and renamed into place, so a directory of that name is always whole; one that
// is not this user's, or writable by others, is not used.
std::string write_built_in_toolkit_headers(const std::string& parent, std::string& problem);

}  // namespace tiletune::detail
