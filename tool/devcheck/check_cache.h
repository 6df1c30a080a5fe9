// Which device checks have passed before: one small file per passing check, named by the hash of
// everything NVRTC was given (slice, name expressions, options, architecture, NVRTC's version),
// so that an unchanged site costs nothing on a rebuild. Only a pass is kept: a failing site is
// compiled again and its errors reported again. A pass keeps what the check said besides (which
// configurations cannot run), to say it again.
//
// A pass lets a kernel through the build without NVRTC's word, so one is trusted only where no
// other user could have planted it: in a directory of this user's that no one else may write, as
// a regular file of this user's that no one else may write (files/trust.h, the rule the runtime's
// caches follow), read no further than a pass is long. A directory that fails the rule is neither
// read nor written: every check compiles.
#pragma once

#include <cstddef>
#include <optional>
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

// The remarks a pass recorded ("" for none) only for a file this tool wrote for `key` (its first
// line names the key), in a trusted directory: a file of that name with any other content, one
// longer than a pass with kMaxRemarks, a link, another user's file or one others may write, or any
// file in a directory others may write, is not trusted (nullopt).
std::optional<std::string> check_passed_before(const std::string& directory,
                                               const std::string& key);

// Remarks longer than this are not recorded (the pass is not either).
inline constexpr std::size_t kMaxRemarks = 16 * 1024;

// Records a pass with its remarks, creating the directory (0700) if missing; best effort (a cache
// that cannot be written, or a directory that is not trusted, costs time, not correctness).
void record_pass(const std::string& directory, const std::string& key,
                 const std::string& remarks = "");

}  // namespace tiletune::tool
