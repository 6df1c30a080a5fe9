// Where the tool may write what it makes. An output is a regular file, created or replaced in a
// directory that exists; it is never a file the run reads (the input, a header it includes), and
// no two outputs are one file. Anything else at an output's path is refused, not replaced: the
// write renames a new file over the path, which would turn a device node, a FIFO or a symbolic
// link into a regular file (as root, /dev/null among them). The null device is the exception
// compilers make: written through, left as it is.
#pragma once

#include <sys/stat.h>

#include <string>
#include <vector>

namespace tiletune::tool {

struct OutputPath {
  std::string what;    // how messages name it: "the output", "the dependency file"
  std::string option;  // the option that gave it: "-o", "--depfile"
  std::string path;
};

// Whether `path` (not followed) is the null device: a character device with /dev/null's device
// number, which an output is written through.
bool is_null_device(const std::string& path);
bool is_null_device(const struct stat& info);

// "" when each output may be written: its directory exists, nothing but a regular file or the
// null device is at its path, it names none of `inputs` (each an existing file the run reads) and
// no other output. Else the first problem, as a message.
std::string output_paths_problem(const std::vector<OutputPath>& outputs,
                                 const std::vector<std::string>& inputs);

}  // namespace tiletune::tool
