#include "store/results_file.h"

#include "store/file_lock.h"
#include "store/files.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace tiletune::detail {
namespace {

// The file's text; "" when there is none.
std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string parent_of(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

}  // namespace

ResultsFile::ResultsFile(std::string path, std::FILE* log) : path_(std::move(path)), log_(log) {}

void ResultsFile::warn(const std::string& message) {
  static std::mutex printed_mutex;
  static std::set<std::string> printed;
  std::lock_guard lock(printed_mutex);
  if (log_ && printed.insert(message).second) std::fprintf(log_, "tiletune: %s\n", message.c_str());
}

std::vector<StoredResult> ResultsFile::read() {
  std::vector<std::string> problems;
  std::vector<StoredResult> results = parse_results(read_text(path_), path_, &problems);
  for (const std::string& p : problems) warn(p);
  return results;
}

void ResultsFile::load_once() {
  if (loaded_) return;
  loaded_ = true;
  if (!path_.empty()) results_ = read();
}

std::optional<StoredResult> ResultsFile::find(const StoredResult& query) {
  std::lock_guard lock(mutex_);
  load_once();
  for (const StoredResult& r : results_)
    if (r.same_identity(query)) return r;
  return std::nullopt;
}

void ResultsFile::reload() {
  std::lock_guard lock(mutex_);
  load_once();
  if (path_.empty()) return;
  for (StoredResult& on_disk : read()) {
    auto same = [&](const StoredResult& r) { return r.same_identity(on_disk); };
    if (auto it = std::find_if(results_.begin(), results_.end(), same); it != results_.end())
      *it = std::move(on_disk);
    else
      results_.push_back(std::move(on_disk));
  }
}

void ResultsFile::update(const std::function<void(std::vector<StoredResult>&)>& change) {
  load_once();
  change(results_);
  if (path_.empty()) return;
  if (const std::string parent = parent_of(path_); !parent.empty()) {
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
  // Another process may have written since this one read: merge with what is there now.
  std::vector<StoredResult> on_disk = read();
  change(on_disk);
  if (std::string error = files::write_atomically(path_, format_results(on_disk)); !error.empty()) {
    warn(error + "; results are kept in memory only");
    return;
  }
  results_ = std::move(on_disk);
}

void ResultsFile::store(const StoredResult& result) {
  std::lock_guard lock(mutex_);
  update([&](std::vector<StoredResult>& results) {
    auto same = [&](const StoredResult& r) { return r.same_identity(result); };
    if (auto it = std::find_if(results.begin(), results.end(), same); it != results.end())
      *it = result;
    else
      results.push_back(result);
  });
}

void ResultsFile::erase(const std::function<bool(const StoredResult&)>& remove) {
  std::lock_guard lock(mutex_);
  update([&](std::vector<StoredResult>& results) { std::erase_if(results, remove); });
}

}  // namespace tiletune::detail
