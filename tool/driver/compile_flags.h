// The flags the tool parses the input with: the ones nvcc gets (from the command line after --,
// from a flags file, or from compile_commands.json), and what makes Clang parse CUDA as nvcc does.
#pragma once

#include "driver/nvcc_flags.h"

#include <string>
#include <vector>

namespace tiletune::tool {

// The parsing flags of `input`'s command in a compilation database: the one in `build_dir`, or
// else the first found in the input's directory or a parent. False (with `message`) when there is
// none.
bool flags_from_database(const std::string& input, const std::string& build_dir,
                         std::vector<std::string>& flags, std::string& message);

// The flags in `path` (--flags-file), one per line as CMake's COMPILE_OPTIONS holds them: a line
// is one argument, except that a line starting with `SHELL:` holds several, split as a shell
// splits words. Of those, the ones the tool takes (flags_the_tool_takes). False, with `message`,
// when the file cannot be read.
bool flags_from_file(const std::string& path, std::vector<std::string>& flags,
                     std::string& message);

// Clang's arguments: CUDA host-side parsing with the toolkit and tiletune's headers (found from
// the tool's own path, `argv0`), then nvcc's flags as Clang takes them (nvcc_flags.h), then the
// host compiler's include directories (`host_dirs`, host_include_dirs.h).
std::vector<std::string> clang_arguments(const char* argv0, const NvccTranslation& nvcc,
                                         const std::vector<std::string>& host_dirs);

}  // namespace tiletune::tool
