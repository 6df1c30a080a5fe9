// Winners on disk (results_format.h), shared by processes: writers merge under an advisory lock
// and replace the file atomically, so processes sharing it lose nothing and readers never see half
// a file.
#pragma once

#include "log/logger.h"
#include "store/results_format.h"

#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

class ResultsFile {
 public:
  // An empty path keeps results in memory only. Problems (unreadable, refused or malformed file,
  // failed write) are said once each in `log`; none of them is fatal.
  ResultsFile(std::string path, Logger log);

  const std::string& path() const { return path_; }

  // The stored result with `query`'s identity, reading the file the first time.
  std::optional<StoredResult> find(const StoredResult& query);

  // The first stored result `select` selects, reading the file the first time.
  std::optional<StoredResult> find_if(const std::function<bool(const StoredResult&)>& select);

  // Reads the file again: what other processes stored since replaces what this one holds.
  void reload();

  // Adds or replaces the result with the same identity, in memory and in the file.
  void store(const StoredResult& result);

  // Removes every result `remove` selects, in memory and in the file.
  void erase(const std::function<bool(const StoredResult&)>& remove);

 private:
  // The results in the file now, its problems warned about; nothing (after a warning) when the
  // file is refused: a symbolic link, not a regular file, another user's, writable by others, or
  // over 16 MiB. Its malformed blocks go into unreadable_, to be written back as they were.
  std::optional<std::vector<StoredResult>> read();
  void load_once();
  // Re-reads the file under its lock, applies `change` to its results and writes them back.
  void update(const std::function<void(std::vector<StoredResult>&)>& change);
  void warn(const std::string& message);

  std::string path_;
  Logger log_;
  std::mutex mutex_;
  bool loaded_ = false;
  std::vector<StoredResult> results_;
  std::vector<std::string> unreadable_;  // the file's malformed blocks, verbatim
};

}  // namespace tiletune::detail
