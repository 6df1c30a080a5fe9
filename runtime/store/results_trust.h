// Whether a results file may be used, and what to tell the user when it may not. The winners in it
// choose the code an application runs, so it is read and written only where no other user could
// have planted, replaced or removed it, or held its locks: in a directory of this user's that no
// one else may write (files/trust.h, the rule the disk cache and the device check's cache follow
// too), as a regular file of this user's that no one else may write, of at most
// kLargestResultsFile bytes. Nothing is created beside a refused path: neither its lock nor its
// tuning locks.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace tiletune::detail {

// Far above what thousands of tuned keys write (a few hundred bytes to a few KiB each); a bigger
// file is refused before a byte of it is read, by the runtime and by tiletune-results alike.
inline constexpr std::size_t kLargestResultsFile = std::size_t{256} << 20;

// "" when the directory that holds the results file `path` is there and trusted; else the warning
// (ending "results are kept in memory only").
std::string results_directory_refusal(const std::string& path);

// "" when `info`, of the file opened at `path`, may be read and written as a results file; else
// the warning.
std::string results_file_refusal(const std::string& path, const struct stat& info);

// Both, before anything is opened or created: the directory, and the file at `path` when there
// is one (a symbolic link there is refused, not followed).
std::string results_path_refusal(const std::string& path);

// The warning for a results file of more than kLargestResultsFile bytes (`size`, when known).
std::string results_file_too_large(const std::string& path, std::uint64_t size);

// The warning for a results file that cannot be opened or read (the system's `error`).
std::string results_file_unreadable(const std::string& path, int error);

}  // namespace tiletune::detail
