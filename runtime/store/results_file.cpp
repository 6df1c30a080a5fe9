#include "store/results_file.h"

#include "files/bounded_read.h"
#include "files/files.h"
#include "store/file_lock.h"
#include "store/printable_text.h"
#include "store/results_trust.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>

namespace tiletune::detail {
namespace {

constexpr const char* kInMemory = "; results are kept in memory only";

// How many bytes before where this process stopped reading are compared, to tell a file that was
// appended to from one written again in place (by a person's editor).
constexpr std::size_t kMarkBytes = 64;

// The file is written anew when at least this many of its blocks, and more than half of them,
// are replaced ones: each rewrite then costs at most what the appends since the last one did.
constexpr std::size_t kLeastReplacedForRewrite = 64;

// A wait for the file's lock longer than this (or than a quarter of the deadline) is said in the
// log before it goes on: the lock is held for one append, so a holder that long is stopped, hung
// or another user's process.
constexpr std::chrono::milliseconds kQuietWait{1000};

// Without following a symbolic link or blocking on a FIFO; checked by its type after opening.
int open_results(const std::string& path, int flags) {
  return ::open(path.c_str(), flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
}

bool same_bytes_at(int fd, std::uint64_t at, const std::string& expected) {
  std::string found(expected.size(), '\0');
  std::size_t done = 0;
  while (done < found.size()) {
    const ssize_t n =
        ::pread(fd, found.data() + done, found.size() - done, static_cast<off_t>(at + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return found == expected;
}

}  // namespace

// The file open under its exclusive lock, for a store or an erase.
struct ResultsFile::Writing {
  std::optional<FileLock> lock;
  int fd = -1;
  ~Writing() {
    if (fd >= 0) ::close(fd);
  }
};

ResultsFile::ResultsFile(std::string path, Logger log, std::chrono::milliseconds lock_timeout)
    : path_(std::move(path)), log_(log), lock_timeout_(lock_timeout) {}

ResultsFile::~ResultsFile() = default;

void ResultsFile::warn(const std::string& message) {
  static std::mutex printed_mutex;
  static std::set<std::string> printed;
  std::lock_guard lock(printed_mutex);
  // Paths and problem lines quote the file, which is anyone's text: printed escaped.
  if (log_.prints(LogLevel::notice) && printed.insert(message).second)
    log_.line(LogLevel::notice, terminal_text(message));
}

void ResultsFile::lock_file(std::optional<FileLock>& lock, FileLock::Mode mode) {
  const std::string lock_path = path_ + ".lock";
  const std::chrono::milliseconds quiet = std::min(kQuietWait, lock_timeout_ / 4);
  lock.emplace(lock_path, quiet, mode);
  if (lock->held() || !lock->busy() || quiet >= lock_timeout_) return;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(lock_timeout_.count()) / 1000);
  warn("another process holds the lock on " + lock_path + ": waiting up to " + seconds + " s");
  lock.emplace(lock_path, lock_timeout_, mode);
}

bool ResultsFile::gave_up_on(const FileLock& lock) {
  if (!lock.busy()) return false;
  // A holder this long is stopped or hung: this process no longer waits for the file.
  given_up_ = true;
  warn(lock.error() + kInMemory);
  return true;
}

void ResultsFile::load_once() {
  if (loaded_) return;
  loaded_ = true;
  read_new();
}

void ResultsFile::read_new() {
  if (path_.empty() || given_up_) return;
  struct stat named {};
  if (::lstat(path_.c_str(), &named) != 0) {
    // No file yet: nothing to read, and nothing is created for a read.
    if (errno != ENOENT) warn(results_file_unreadable(path_, errno));
    return;
  }
  if (const std::string refusal = results_path_refusal(path_); !refusal.empty()) {
    warn(refusal);
    return;
  }
  std::optional<FileLock> lock;
  lock_file(lock, FileLock::Mode::kShared);
  // A lock file that cannot be opened at all (a read-only place, a directory in its way) cannot
  // be a writer's either: the file is read without it.
  if (!lock->held() && gave_up_on(*lock)) return;
  const int fd = open_results(path_, O_RDONLY);
  if (fd < 0) {
    if (errno != ENOENT) warn(results_file_unreadable(path_, errno));
    return;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0)
    warn(results_file_unreadable(path_, errno));
  else if (const std::string refusal = results_file_refusal(path_, info); !refusal.empty())
    warn(refusal);
  else
    catch_up(fd, info);
  ::close(fd);
}

bool ResultsFile::catch_up(int fd, const struct stat& info) {
  const auto size = static_cast<std::uint64_t>(info.st_size);
  const bool appended = mark_.valid && info.st_dev == mark_.device && info.st_ino == mark_.inode &&
                        size >= mark_.size &&
                        same_bytes_at(fd, mark_.size - mark_.last_bytes.size(), mark_.last_bytes);
  const std::uint64_t from = appended ? mark_.size : 0;
  std::string text;
  if (::lseek(fd, static_cast<off_t>(from), SEEK_SET) < 0) {
    warn(results_file_unreadable(path_, errno));
    return false;
  }
  switch (files::read_bounded(fd, kLargestResultsFile - from, text)) {
    case files::ReadOutcome::kWhole:
      break;
    case files::ReadOutcome::kTooLarge:
      warn(results_file_too_large(path_, 0));
      return false;
    case files::ReadOutcome::kFailed:
      warn(results_file_unreadable(path_, errno));
      return false;
  }
  if (!appended) {
    // Written again since (or read the first time): read whole, then this process's own results
    // that never reached the file are put back over it.
    image_.clear();
    unreadable_.clear();
    replaced_blocks_ = 0;
  }
  take_in(text, appended ? mark_.lines + 1 : 1);
  if (!appended)
    for (const StoredResult& r : unsaved_) image_.keep(r);
  mark_read(info, text, from);
  return true;
}

void ResultsFile::take_in(std::string_view text, int first_line) {
  std::vector<std::string> problems;
  for (StoredResult& r : parse_result_blocks(text, path_, &problems, &unreadable_, first_line))
    replaced_blocks_ += image_.keep(std::move(r));
  for (const std::string& p : problems) warn(p);
}

void ResultsFile::mark_read(const struct stat& info, std::string_view text, std::uint64_t from) {
  const bool continued = from > 0;
  mark_.valid = true;
  mark_.device = info.st_dev;
  mark_.inode = info.st_ino;
  mark_.size = from + text.size();
  mark_.lines =
      (continued ? mark_.lines : 0) + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  std::string last = continued ? mark_.last_bytes : std::string();
  last.append(text.substr(text.size() - std::min(text.size(), kMarkBytes)));
  mark_.last_bytes = last.substr(last.size() - std::min(last.size(), kMarkBytes));
}

bool ResultsFile::begin_writing(Writing& writing) {
  if (path_.empty() || given_up_) return false;
  if (const std::string parent = files::parent_of(path_); !parent.empty())
    if (std::string error = files::make_directories(parent); !error.empty()) {
      warn(error + kInMemory);
      return false;
    }
  // Checked before the lock is created: nothing is left beside a refused path.
  if (const std::string refusal = results_path_refusal(path_); !refusal.empty()) {
    warn(refusal);
    return false;
  }
  lock_file(writing.lock, FileLock::Mode::kExclusive);
  if (!writing.lock->held()) {
    if (!gave_up_on(*writing.lock)) warn(writing.lock->error() + kInMemory);
    return false;
  }
  writing.fd = open_results(path_, O_RDWR | O_APPEND | O_CREAT);
  struct stat info {};
  if (writing.fd < 0 || ::fstat(writing.fd, &info) != 0) {
    warn(results_file_unreadable(path_, errno));
    return false;
  }
  if (const std::string refusal = results_file_refusal(path_, info); !refusal.empty()) {
    warn(refusal);
    return false;
  }
  if (!cleaned_temporaries_) {
    // Every writer holds the lock: a temporary there now is a killed writer's, never renamed.
    files::remove_temporaries_of(path_);
    cleaned_temporaries_ = true;
  }
  return catch_up(writing.fd, info);
}

bool ResultsFile::append(int fd, const StoredResult& result) {
  std::string text = mark_.size == 0 ? std::string(results_file_header()) : std::string();
  text += format_result_block(result);
  if (!files::write_all(fd, text)) {
    const int error = errno;
    // Cut back to where it was, so that no reader ever finds half a block.
    if (::ftruncate(fd, static_cast<off_t>(mark_.size)) != 0) mark_.valid = false;
    warn("cannot write results file '" + path_ + "': " + std::strerror(error) + kInMemory);
    return false;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    mark_.valid = false;  // read whole next time
    return true;
  }
  mark_read(info, text, mark_.size);
  return true;
}

bool ResultsFile::write_whole() {
  files::remove_temporaries_of(path_);
  const std::string text = format_results(image_.results(), unreadable_);
  if (std::string error = files::write_atomically(path_, text, 0644); !error.empty()) {
    warn(error + kInMemory);
    return false;
  }
  replaced_blocks_ = 0;
  unsaved_.clear();  // image_ held them, and the file now does
  struct stat info {};
  if (::lstat(path_.c_str(), &info) != 0) {
    mark_.valid = false;
    return true;
  }
  mark_read(info, text, 0);
  return true;
}

bool ResultsFile::save(const StoredResult& result) {
  Writing writing;
  if (!begin_writing(writing)) return false;
  replaced_blocks_ += image_.keep(result);
  if (replaced_blocks_ >= kLeastReplacedForRewrite && replaced_blocks_ > image_.size())
    return write_whole();
  return append(writing.fd, result);
}

std::optional<StoredResult> ResultsFile::find(const StoredResult& query) {
  std::lock_guard lock(mutex_);
  load_once();
  const StoredResult* found = image_.find(query);
  return found ? std::optional<StoredResult>(*found) : std::nullopt;
}

std::optional<StoredResult> ResultsFile::find_if(
    const std::function<bool(const StoredResult&)>& select) {
  std::lock_guard lock(mutex_);
  load_once();
  for (const StoredResult& r : image_.results())
    if (select(r)) return r;
  return std::nullopt;
}

std::vector<StoredResult> ResultsFile::find_all(
    const std::function<bool(const StoredResult&)>& select) {
  std::lock_guard lock(mutex_);
  load_once();
  std::vector<StoredResult> found;
  for (const StoredResult& r : image_.results())
    if (select(r)) found.push_back(r);
  return found;
}

void ResultsFile::reload() {
  std::lock_guard lock(mutex_);
  if (loaded_)
    read_new();
  else
    load_once();
}

void ResultsFile::store(const StoredResult& result) {
  std::lock_guard lock(mutex_);
  load_once();
  if (save(result)) return;
  image_.keep(result);
  if (path_.empty()) return;
  std::erase_if(unsaved_, [&](const StoredResult& r) { return r.same_identity(result); });
  unsaved_.push_back(result);
}

void ResultsFile::erase(const std::function<bool(const StoredResult&)>& remove) {
  std::lock_guard lock(mutex_);
  load_once();
  std::erase_if(unsaved_, remove);
  Writing writing;
  const bool in_file = begin_writing(writing);
  if (image_.erase_if(remove) > 0 && in_file) write_whole();
}

}  // namespace tiletune::detail
