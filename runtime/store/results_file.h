// Winners on disk (results_format.h), shared by processes. Storing a result appends its block to
// the file under the file's lock, and reading picks up only what was appended since this process
// last read, so a new key costs the same with ten thousand keys in the file as with ten. Readers
// share the lock and writers hold it alone, so no reader sees half a block. When most of the
// file's blocks are replaced ones (a key tuned again), the file is written again with one block
// per identity, atomically (a temporary renamed over it): rarely enough that every result stored
// pays for it a bounded amount.
//
// Every wait for the lock has a deadline (the tuning lock's): a holder that is stopped or hung
// costs one wait and a warning, then this process keeps its results in memory. The file is used
// only where results_trust.h allows, and nothing is created beside a refused one.
#pragma once

#include "log/logger.h"
#include "store/file_lock.h"
#include "store/results_format.h"
#include "store/results_image.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

class ResultsFile {
 public:
  // An empty path keeps results in memory only. Problems (unreadable, refused or malformed file,
  // a lock not had within `lock_timeout`, a failed write) are written once each to `log` when it
  // is not null; none of them is fatal.
  ResultsFile(std::string path, Logger log, std::chrono::milliseconds lock_timeout);
  ~ResultsFile();
  ResultsFile(const ResultsFile&) = delete;
  ResultsFile& operator=(const ResultsFile&) = delete;

  const std::string& path() const { return path_; }

  // The stored result with `query`'s identity, reading the file the first time.
  std::optional<StoredResult> find(const StoredResult& query);

  // The first stored result `select` selects, reading the file the first time.
  std::optional<StoredResult> find_if(const std::function<bool(const StoredResult&)>& select);

  // Every stored result `select` selects, reading the file the first time.
  std::vector<StoredResult> find_all(const std::function<bool(const StoredResult&)>& select);

  // Reads what other processes stored since: their results replace what this one holds.
  void reload();

  // Adds or replaces the result with the same identity, in memory and in the file.
  void store(const StoredResult& result);

  // Removes every result `remove` selects, in memory and in the file.
  void erase(const std::function<bool(const StoredResult&)>& remove);

 private:
  // How far this process has read the file: which file, how many bytes and lines, and the last
  // bytes of them, which tell a file appended to (read on from there) from one written again.
  struct Mark {
    bool valid = false;
    dev_t device = 0;
    ino_t inode = 0;
    std::uint64_t size = 0;
    int lines = 0;
    std::string last_bytes;
  };
  struct Writing;

  void load_once();
  // What other processes appended since this one last read (the whole file when it was written
  // anew), under the file's shared lock.
  void read_new();
  // Under the file's lock: what the file open as `fd` holds that this process has not read, read
  // into image_; false (after a warning) when it cannot be read.
  bool catch_up(int fd, const struct stat& info);
  // The file's text parsed from its line `first_line` on, into image_.
  void take_in(std::string_view text, int first_line);
  void mark_read(const struct stat& info, std::string_view text, std::uint64_t from);
  // The lock on the file taken into `lock`, waiting at most lock_timeout_ (and saying so when it
  // waits long).
  void lock_file(std::optional<FileLock>& lock, FileLock::Mode mode);
  // When `lock` was not had in time: given_up_ set, and said; else false.
  bool gave_up_on(const FileLock& lock);
  // The directory made, the path checked, the file locked, opened and caught up with, for a
  // write; false (after a warning) when it may not or cannot be written.
  bool begin_writing(Writing& writing);
  // `result` stored in image_ and in the file: its block appended, or the whole file written anew
  // when most of its blocks are replaced ones; false when the file does not have it.
  bool save(const StoredResult& result);
  // Under the file's exclusive lock: `result`'s block appended to the file open as `fd`.
  bool append(int fd, const StoredResult& result);
  // Under the file's exclusive lock: the file made image_ (and the malformed blocks), anew.
  bool write_whole();
  void warn(const std::string& message);

  std::string path_;
  Logger log_;
  std::chrono::milliseconds lock_timeout_;
  std::mutex mutex_;
  bool loaded_ = false;
  // After a lock that was not had in time: the file is left alone for the life of this object,
  // so that a stopped holder costs one wait, not one per key.
  bool given_up_ = false;
  bool cleaned_temporaries_ = false;
  ResultsImage image_;
  std::vector<std::string> unreadable_;  // the file's malformed blocks, verbatim
  std::vector<StoredResult> unsaved_;    // stored in memory only: kept when the file is reread
  std::size_t replaced_blocks_ = 0;      // blocks in the file that a later block replaces
  Mark mark_;
};

}  // namespace tiletune::detail
