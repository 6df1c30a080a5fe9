#include "store/results_file.h"

#include "store/content_hash.h"
#include "store/files.h"

#include <tiletune/error.h>
#include <tiletune/rules.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace tiletune::detail {
namespace {

constexpr std::string_view kHeader =
    "# tiletune results: the fastest configuration found per site, GPU, key and static hints.\n"
    "# Safe to read, to copy to a machine with the same GPU, or to commit. A block whose space\n"
    "# checksum no longer matches its site's space is ignored, and that site is tuned again.\n";

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_number(std::string_view text, T& out, int base = 10) {
  text = trim(text);
  if (text.empty()) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return error == std::errc() && end == text.data() + text.size();
}

bool parse_double(std::string_view text, double& out) {
  std::string copy(trim(text));
  if (copy.empty()) return false;
  char* end = nullptr;
  out = std::strtod(copy.c_str(), &end);
  return *end == '\0';
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    std::size_t at = text.find(separator);
    parts.push_back(trim(text.substr(0, at)));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

// Fills `r`'s field `name` from `value`; false (with `why`) when the value is malformed.
bool set_field(StoredResult& r, std::string_view name, std::string_view value, std::string& why) {
  if (name == "device") {
    r.device = std::string(value);
    return !r.device.empty() || (why = "empty device", false);
  }
  if (name == "key") {
    r.key = Key{};
    if (value.empty()) return true;
    for (std::string_view part : split(value, ',')) {
      long long v = 0;
      if (r.key.size == Key::kMaxValues || !parse_number(part, v))
        return why = "key '" + std::string(value) + "' is not a list of up to " +
                     std::to_string(Key::kMaxValues) + " integers",
               false;
      r.key.values[r.key.size++] = v;
    }
    return true;
  }
  if (name == "hints") {
    r.hints = Hints{};
    for (std::string_view part : split(value, ' ')) {
      if (part.empty()) continue;
      std::size_t eq = part.find('=');
      int v = 0;
      if (eq == std::string_view::npos || !parse_number(part.substr(eq + 1), v))
        return why = "hint '" + std::string(part) + "' is not name=integer", false;
      std::string_view hint = part.substr(0, eq);
      if (hint == rules::kOccupancy)
        r.hints.occupancy = v;
      else if (hint == rules::kNumCtas)
        r.hints.num_ctas = v;
      else
        return why = "unknown hint '" + std::string(hint) + "'", false;
    }
    return true;
  }
  if (name == "space") {
    if (value.size() != 16 || !parse_number(value, r.space_checksum, 16))
      return why = "space checksum '" + std::string(value) + "' is not 16 hex digits", false;
    return true;
  }
  if (name == "best") {
    r.axis_names.clear();
    r.best = Config{};
    for (std::string_view part : split(value, ' ')) {
      if (part.empty()) continue;
      std::size_t eq = part.find('=');
      long long v = 0;
      if (eq == std::string_view::npos || eq == 0 || !parse_number(part.substr(eq + 1), v) ||
          r.best.size() == Config::kMaxAxes)
        return why = "best '" + std::string(value) + "' is not a list of axis=integer", false;
      r.axis_names.emplace_back(part.substr(0, eq));
      r.best.push_back(v);
    }
    return true;
  }
  if (name == "median_ms") {
    if (!parse_double(value, r.median_ms))
      return why = "median_ms '" + std::string(value) + "' is not a number", false;
    return true;
  }
  return true;  // a field from a later version: ignored
}

std::string read_file(const std::string& path, bool& exists) {
  std::ifstream in(path, std::ios::binary);
  exists = static_cast<bool>(in);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string parent_of(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

// An exclusive advisory lock on `path`.lock for the scope, across processes.
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600)) {
    if (fd_ >= 0 && ::flock(fd_, LOCK_EX) != 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }
  bool held() const { return fd_ >= 0; }

 private:
  int fd_;
};

}  // namespace

bool StoredResult::same_identity(const StoredResult& other) const {
  return site == other.site && device == other.device && key == other.key &&
         hints.occupancy == other.hints.occupancy && hints.num_ctas == other.hints.num_ctas;
}

std::string format_results(const std::vector<StoredResult>& results) {
  std::string out(kHeader);
  for (const StoredResult& r : results) {
    out += "\n[" + r.site + "]\n";
    out += "device = " + r.device + "\n";
    out += "key = ";
    for (int i = 0; i < r.key.size; ++i) out += (i ? ", " : "") + std::to_string(r.key.values[i]);
    out += "\nhints = occupancy=" + std::to_string(r.hints.occupancy) +
           " num_ctas=" + std::to_string(r.hints.num_ctas) + "\n";
    out += "space = " + hex64(r.space_checksum) + "\n";
    out += "best =";
    for (int i = 0; i < r.best.size(); ++i)
      out += " " + (static_cast<std::size_t>(i) < r.axis_names.size() ? r.axis_names[i] : "?") +
             "=" + std::to_string(r.best[i]);
    char median[64];
    std::snprintf(median, sizeof median, "%.6g", r.median_ms);
    out += "\nmedian_ms = " + std::string(median) + "\n";
  }
  return out;
}

std::vector<StoredResult> parse_results(std::string_view text, const std::string& name,
                                        std::vector<std::string>* problems) {
  std::vector<StoredResult> results;
  std::optional<StoredResult> block;
  std::set<std::string> seen;  // fields given in the current block
  int block_line = 0;
  bool block_bad = false;
  auto problem = [&](int line, const std::string& what) {
    if (problems) problems->push_back(name + ":" + std::to_string(line) + ": " + what);
  };
  auto finish = [&] {
    if (!block) return;
    for (const char* required : {"device", "key", "space", "best"})
      if (!block_bad && !seen.count(required)) {
        problem(block_line,
                "result for '" + block->site + "' has no '" + required + "' line; it is ignored");
        block_bad = true;
      }
    if (!block_bad) results.push_back(std::move(*block));
    block.reset();
  };
  int line_number = 0;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') {
      finish();
      std::size_t close = line.find_last_of(']');
      block.emplace();
      seen.clear();
      block_line = line_number;
      block_bad = false;
      if (close == std::string_view::npos || close < 2) {
        problem(line_number, "expected '[site]' to start a result");
        block_bad = true;
      } else {
        block->site = std::string(line.substr(1, close - 1));
      }
      continue;
    }
    if (!block) {
      problem(line_number, "expected '[site]' before '" + std::string(line) + "'");
      continue;
    }
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      problem(line_number, "expected 'name = value', not '" + std::string(line) + "'");
      block_bad = true;
      continue;
    }
    std::string field(trim(line.substr(0, eq)));
    std::string why;
    if (!set_field(*block, field, trim(line.substr(eq + 1)), why)) {
      problem(line_number, why + "; the result for '" + block->site + "' is ignored");
      block_bad = true;
    }
    seen.insert(field);
  }
  finish();
  return results;
}

ResultsFile::ResultsFile(std::string path, std::FILE* log) : path_(std::move(path)), log_(log) {}

void ResultsFile::warn(const std::string& message) {
  static std::mutex printed_mutex;
  static std::set<std::string> printed;
  std::lock_guard lock(printed_mutex);
  if (log_ && printed.insert(message).second) std::fprintf(log_, "tiletune: %s\n", message.c_str());
}

void ResultsFile::load_once() {
  if (loaded_) return;
  loaded_ = true;
  if (path_.empty()) return;
  bool exists = false;
  std::string text = read_file(path_, exists);
  std::vector<std::string> problems;
  results_ = parse_results(text, path_, &problems);
  for (const std::string& p : problems) warn(p);
}

std::optional<StoredResult> ResultsFile::find(const StoredResult& query) {
  std::lock_guard lock(mutex_);
  load_once();
  for (const StoredResult& r : results_)
    if (r.same_identity(query)) return r;
  return std::nullopt;
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
  FileLock file_lock(path_);
  if (!file_lock.held()) {
    warn("cannot lock " + path_ + ".lock (" + std::strerror(errno) +
         "): results are kept in memory only");
    return;
  }
  // Another process may have written since this one read: merge with what is there now.
  bool exists = false;
  std::string text = read_file(path_, exists);
  std::vector<std::string> problems;
  std::vector<StoredResult> on_disk = parse_results(text, path_, &problems);
  for (const std::string& p : problems) warn(p);
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
