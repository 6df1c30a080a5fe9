// The host compiler's own include directories, as nvcc hands them to it: gcc's
// lib/gcc/<target>/<version>/include holds omp.h and the like, which Clang's search path lacks.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

// The `#include <...>` search list that `compiler` (a name on PATH or a path; "" for nvcc's default
// host compiler, c++) prints for `-E -x c++ - -v`. Empty when it cannot be run: the parse then
// goes on with Clang's own directories.
std::vector<std::string> host_include_dirs(const std::string& compiler);

// The search list in the output of `-v`: the lines between "#include <...> search starts here:"
// and "End of search list.", trimmed.
std::vector<std::string> parse_search_list(const std::string& verbose_output);

}  // namespace tiletune::tool
