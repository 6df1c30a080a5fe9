// Winners on disk: a text file a person can read, copy to another machine with the same GPU, or
// commit. One block per (site, device, key, static hints), holding the space's checksum (a stored
// winner of a space that has since changed is ignored) and the winning configuration by axis name.
// Writers merge under an advisory lock and replace the file atomically, so processes sharing it
// lose nothing and readers never see half a file.
#pragma once

#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct StoredResult {
  std::string site;    // "file.cu:12 kernel<$tile>"
  std::string device;  // DeviceInfo::id
  Key key;
  Hints hints;
  std::uint64_t space_checksum = 0;
  std::vector<std::string> axis_names;
  Config best;
  double median_ms = 0;

  bool same_identity(const StoredResult& other) const;
};

// The text of a results file holding `results`.
std::string format_results(const std::vector<StoredResult>& results);

// The results in `text`; a malformed block is skipped, and a line saying what and where is added to
// `problems` (`name` is the file's, for those lines).
std::vector<StoredResult> parse_results(std::string_view text, const std::string& name,
                                        std::vector<std::string>* problems);

class ResultsFile {
 public:
  // An empty path keeps results in memory only. Problems (unreadable or malformed file, failed
  // write) are written once each to `log` when it is not null; none of them is fatal.
  ResultsFile(std::string path, std::FILE* log);

  const std::string& path() const { return path_; }

  // The stored result with `query`'s identity, reading the file the first time.
  std::optional<StoredResult> find(const StoredResult& query);

  // Adds or replaces the result with the same identity, in memory and in the file.
  void store(const StoredResult& result);

  // Removes every result `remove` selects, in memory and in the file.
  void erase(const std::function<bool(const StoredResult&)>& remove);

 private:
  void load_once();
  // Re-reads the file under its lock, applies `change` to its results and writes them back.
  void update(const std::function<void(std::vector<StoredResult>&)>& change);
  void warn(const std::string& message);

  std::string path_;
  std::FILE* log_;
  std::mutex mutex_;
  bool loaded_ = false;
  std::vector<StoredResult> results_;
};

}  // namespace tiletune::detail
