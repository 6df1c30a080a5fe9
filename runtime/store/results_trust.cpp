#include "store/results_trust.h"

#include "files/bounded_read.h"
#include "files/files.h"
#include "files/trust.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tiletune::detail {
namespace {

constexpr const char* kInMemory = "; results are kept in memory only";

// What follows a refusal: results stay in memory, and the user is told how to mend it.
std::string refused(const std::string& path, const std::string& why, const std::string& fix) {
  return "results file '" + path + "' " + why + ": it is neither read nor replaced (" + fix + ")" +
         kInMemory;
}

}  // namespace

std::string results_directory_refusal(const std::string& path) {
  std::string directory = files::parent_of(path);
  if (directory.empty()) directory = path.size() > 0 && path[0] == '/' ? "/" : ".";
  const std::string why = files::untrusted_directory_because(directory);
  if (why.empty()) return {};
  return "results directory '" + directory + "' " + why + ": results file '" + path +
         "' is neither read nor replaced (set TILETUNE_RESULTS_FILE to a file in a directory of "
         "your own that only you may write)" +
         kInMemory;
}

std::string results_file_refusal(const std::string& path, const struct stat& info) {
  if (S_ISLNK(info.st_mode))
    return refused(path, "is a symbolic link",
                   "point TILETUNE_RESULTS_FILE at the file itself, or remove the link");
  if (!S_ISREG(info.st_mode))
    return refused(path, "is not a regular file",
                   "remove it, or set TILETUNE_RESULTS_FILE to another path");
  if (const std::string why = files::untrusted_because(info); !why.empty())
    return refused(path, why,
                   info.st_uid != ::geteuid() ? "set TILETUNE_RESULTS_FILE to a file of your own"
                                              : "chmod go-w it");
  if (static_cast<std::uint64_t>(info.st_size) > kLargestResultsFile)
    return results_file_too_large(path, static_cast<std::uint64_t>(info.st_size));
  return {};
}

std::string results_path_refusal(const std::string& path) {
  if (std::string refusal = results_directory_refusal(path); !refusal.empty()) return refusal;
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0)
    return errno == ENOENT ? std::string() : results_file_unreadable(path, errno);
  return results_file_refusal(path, info);
}

std::string results_file_too_large(const std::string& path, std::uint64_t size) {
  return refused(path,
                 "is larger than " + files::size_text(kLargestResultsFile) +
                     (size > kLargestResultsFile ? " (" + std::to_string(size) + " bytes)" : ""),
                 "remove it, or set TILETUNE_RESULTS_FILE to another path");
}

std::string results_file_unreadable(const std::string& path, int error) {
  return "cannot open results file '" + path + "': " + std::strerror(error) + kInMemory;
}

}  // namespace tiletune::detail
