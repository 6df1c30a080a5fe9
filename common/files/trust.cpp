#include "files/trust.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace tiletune::files {

std::string untrusted_because(const struct stat& info) {
  if (info.st_uid != ::geteuid())
    return "belongs to user " + std::to_string(info.st_uid) + ", not to this user (" +
           std::to_string(::geteuid()) + ")";
  if ((info.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(info.st_mode & 07777));
    return std::string("is writable by group or others (mode ") + mode + ")";
  }
  return {};
}

std::string untrusted_directory_because(const std::string& path) {
  struct stat info {};
  if (::stat(path.empty() ? "." : path.c_str(), &info) != 0)
    return errno == ENOENT ? "does not exist"
                           : std::string("cannot be inspected: ") + std::strerror(errno);
  if (!S_ISDIR(info.st_mode)) return "is not a directory";
  return untrusted_because(info);
}

}  // namespace tiletune::files
