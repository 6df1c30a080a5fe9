// What the tool writes: the rewritten file and the dependency file, each complete or not at all.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

// Writes next to the destination then renames, so a reader never sees half a file and a failed
// run leaves the previous output as it was. False, with `error` saying why, on failure.
bool write_atomically(const std::string& path, const std::string& text, std::string& error);

// A Make-style dependency file: "OUTPUT: dep1 dep2 ...", spaces escaped.
std::string depfile_text(const std::string& output, const std::vector<std::string>& files);

}  // namespace tiletune::tool
