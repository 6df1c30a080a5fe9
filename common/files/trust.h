// Which files and directories this process may trust: those that no other user could have written.
// A directory holding code that will run (the disk cache), winners that choose the code (the
// results file) or passes that let a kernel through the build (the device check's cache) must be
// this user's and writable by no one else: otherwise another user could plant, replace or delete
// what is in it, or hold its locks. One rule, for the runtime and the tool alike.
#pragma once

#include <sys/stat.h>

#include <string>

namespace tiletune::files {

// "" when `info` is of a file or directory owned by this process's effective user and writable by
// neither its group nor others; else why not, as a clause to follow the thing's name ("belongs to
// user 1001, not to this user (1000)", "is writable by group or others (mode 0777)").
std::string untrusted_because(const struct stat& info);

// The same for the directory at `path` (symbolic links followed: what matters is the directory
// used): "" when it is there, a directory and trusted; else why not, as a clause to follow its
// name ("does not exist", "is not a directory", or untrusted_because's).
std::string untrusted_directory_because(const std::string& path);

}  // namespace tiletune::files
