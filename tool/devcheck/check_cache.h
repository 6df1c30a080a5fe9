// Which device checks have passed before: one small file per passing check, named by the hash of
// everything NVRTC was given (slice, name expressions, options, architecture, NVRTC's version),
// so that an unchanged site costs nothing on a rebuild. Only a pass is kept: a failing site is
// compiled again and its errors reported again.
#pragma once

#include <string>
#include <vector>

namespace tiletune::tool {

// What one NVRTC program compiles: the name expressions of the instantiations, and the options
// they share (a configuration's launch bounds).
struct CheckProgram {
  std::vector<std::string> options;
  std::vector<std::string> name_expressions;
};

// The directory the results go in: `configured` if not empty, else $XDG_CACHE_HOME/tiletune/
// device-check, else $HOME/.cache/tiletune/device-check; "" when none of them is known.
std::string device_check_cache_dir(const std::string& configured);

std::string check_key(const std::string& source, const std::vector<CheckProgram>& programs,
                      int arch, int nvrtc_version);

// True only for a file this tool wrote for `key` (its text names the key): a file of that name with
// any other content, or a link, is not trusted.
bool check_passed_before(const std::string& directory, const std::string& key);

// Records a pass; best effort (a cache that cannot be written costs time, not correctness).
void record_pass(const std::string& directory, const std::string& key);

}  // namespace tiletune::tool
