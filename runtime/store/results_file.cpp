#include "store/results_file.h"

#include "files/files.h"
#include "store/file_lock.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <set>

namespace tiletune::detail {
namespace {

// A results file bigger than this is not one this program wrote: it is refused unread.
constexpr std::uint64_t kLargestFile = std::uint64_t{16} << 20;

// What follows a refusal: results stay in memory, and the user is told how to mend it.
std::string refused(const std::string& path, const std::string& why, const std::string& fix) {
  return "results file '" + path + "' " + why + ": it is neither read nor replaced (" + fix +
         "); results are kept in memory only";
}

// The text at `path` ("" when there is no file), or why it is not to be trusted or read. It is
// opened without blocking (a FIFO would wait for a writer forever) and without following a
// symbolic link, then checked for what it is before a byte is read: a regular file of this user,
// writable by no one else, of at most kLargestFile bytes.
std::string read_text(const std::string& path, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0 && errno == ENOENT) return {};
  if (fd < 0 && errno == ELOOP)
    return refused(path, "is a symbolic link",
                   "point TILETUNE_RESULTS_FILE at the file itself, or remove the link");
  if (fd < 0)
    return "cannot open results file '" + path + "': " + std::strerror(errno) +
           "; results are kept in memory only";
  struct stat info {};
  std::string refusal;
  if (::fstat(fd, &info) != 0) {
    refusal = "cannot inspect results file '" + path + "': " + std::strerror(errno) +
              "; results are kept in memory only";
  } else if (!S_ISREG(info.st_mode)) {
    refusal = refused(path, "is not a regular file",
                      "remove it, or set TILETUNE_RESULTS_FILE to another path");
  } else if (info.st_uid != ::geteuid()) {
    refusal = refused(path,
                      "belongs to user " + std::to_string(info.st_uid) + ", not to this user (" +
                          std::to_string(::geteuid()) + ")",
                      "set TILETUNE_RESULTS_FILE to a file of your own");
  } else if ((info.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(info.st_mode & 07777));
    refusal = refused(path, std::string("is writable by group or others (mode ") + mode + ")",
                      "chmod go-w it");
  } else if (static_cast<std::uint64_t>(info.st_size) > kLargestFile) {
    refusal = refused(path, "is larger than 16 MiB (" + std::to_string(info.st_size) + " bytes)",
                      "remove it, or set TILETUNE_RESULTS_FILE to another path");
  } else {
    text.resize(static_cast<std::size_t>(info.st_size));
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::read(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // cut short while read: what was read is parsed
      done += static_cast<std::size_t>(n);
    }
    text.resize(done);
  }
  ::close(fd);
  return refusal;
}

// `result` in `results`: in place of the one with its identity, or added.
void keep(std::vector<StoredResult>& results, StoredResult result) {
  auto same = [&](const StoredResult& r) { return r.same_identity(result); };
  if (auto it = std::find_if(results.begin(), results.end(), same); it != results.end())
    *it = std::move(result);
  else
    results.push_back(std::move(result));
}

}  // namespace

ResultsFile::ResultsFile(std::string path, Logger log) : path_(std::move(path)), log_(log) {}

void ResultsFile::warn(const std::string& message) {
  static std::mutex printed_mutex;
  static std::set<std::string> printed;
  std::lock_guard lock(printed_mutex);
  if (log_.prints(LogLevel::notice) && printed.insert(message).second)
    log_.line(LogLevel::notice, message);
}

std::optional<std::vector<StoredResult>> ResultsFile::read() {
  std::string text;
  if (const std::string refusal = read_text(path_, text); !refusal.empty()) {
    warn(refusal);
    return std::nullopt;
  }
  std::vector<std::string> problems;
  unreadable_.clear();
  std::vector<StoredResult> results = parse_results(text, path_, &problems, &unreadable_);
  for (const std::string& p : problems) warn(p);
  return results;
}

void ResultsFile::load_once() {
  if (loaded_) return;
  loaded_ = true;
  if (!path_.empty()) results_ = read().value_or(std::vector<StoredResult>());
}

std::optional<StoredResult> ResultsFile::find(const StoredResult& query) {
  std::lock_guard lock(mutex_);
  load_once();
  for (const StoredResult& r : results_)
    if (r.same_identity(query)) return r;
  return std::nullopt;
}

std::optional<StoredResult> ResultsFile::find_if(
    const std::function<bool(const StoredResult&)>& select) {
  std::lock_guard lock(mutex_);
  load_once();
  for (const StoredResult& r : results_)
    if (select(r)) return r;
  return std::nullopt;
}

void ResultsFile::reload() {
  std::lock_guard lock(mutex_);
  load_once();
  if (path_.empty()) return;
  std::optional<std::vector<StoredResult>> now = read();
  if (!now) return;  // refused or unreadable: said by read()
  for (StoredResult& on_disk : *now) keep(results_, std::move(on_disk));
}

void ResultsFile::update(const std::function<void(std::vector<StoredResult>&)>& change) {
  load_once();
  change(results_);
  if (path_.empty()) return;
  if (const std::string parent = files::parent_of(path_); !parent.empty()) {
    if (std::string error = files::make_directories(parent); !error.empty()) {
      warn(error + "; results are kept in memory only");
      return;
    }
  }
  const FileLock lock(path_ + ".lock");
  if (!lock.held()) {
    warn(lock.error() + "; results are kept in memory only");
    return;
  }
  // Another process may have written since this one read: merge with what is there now. A file
  // refused when read is not replaced either.
  std::optional<std::vector<StoredResult>> read_now = read();
  if (!read_now) return;
  std::vector<StoredResult> on_disk = std::move(*read_now);
  // Every writer holds the lock: a temporary there now is a killed writer's, never to be renamed.
  files::remove_temporaries_of(path_);
  change(on_disk);
  if (std::string error =
          files::write_atomically(path_, format_results(on_disk, unreadable_), 0644);
      !error.empty()) {
    warn(error + "; results are kept in memory only");
    return;
  }
  results_ = std::move(on_disk);
}

void ResultsFile::store(const StoredResult& result) {
  std::lock_guard lock(mutex_);
  update([&](std::vector<StoredResult>& results) { keep(results, result); });
}

void ResultsFile::erase(const std::function<bool(const StoredResult&)>& remove) {
  std::lock_guard lock(mutex_);
  update([&](std::vector<StoredResult>& results) { std::erase_if(results, remove); });
}

}  // namespace tiletune::detail
