#include "store/results_format.h"

#include "hash/content_hash.h"
#include "store/results_image.h"
#include "text/site_text.h"

#include <tiletune/rules.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>

namespace tiletune::detail {
namespace {

constexpr std::string_view kHeader =
    "# tiletune results: the fastest configuration found per site, GPU, key and static hints.\n"
    "# Safe to read, to copy to a machine with the same GPU, or to commit. A block whose space\n"
    "# checksum no longer matches its site's space is ignored, and that site is tuned again.\n";

// The fields of a block; those in kRequired must be there, the others may be missing. kMeasured
// comes once per configuration measured; kStopped only when the tuning's time budget ran out
// ("budget"); kMeasure only when the samples were not timed eagerly ("graph", "cold").
constexpr std::string_view kDevice = "device", kKey = "key", kHints = "hints", kSpace = "space",
                           kBest = "best", kMedian = "median_ms", kRunnerUp = "runner_up",
                           kRunnerUpMs = "runner_up_ms", kSpaceMedian = "space_median_ms",
                           kMeasured = "measured", kStopped = "stopped", kCode = "code",
                           kVersions = "versions", kMeasure = "measure";
// The parts of `versions`.
constexpr std::string_view kNvrtc = "nvrtc", kDriver = "driver", kTiletune = "tiletune";
constexpr std::string_view kRequired[] = {kDevice, kKey, kSpace, kBest};

// At most the first 80 bytes of `text` a problem line quotes, "..." after them when there were
// more: a line of a file can be megabytes long, and each problem is one line of the log.
std::string excerpt(std::string_view text) {
  constexpr std::size_t kQuoted = 80;
  return text.size() <= kQuoted ? std::string(text) : std::string(text.substr(0, kQuoted)) + "...";
}

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

// Each sets one field of `r` from `value`; false (with `why`) when the value is malformed.
bool set_device(StoredResult& r, std::string_view value, std::string& why) {
  r.device = std::string(value);
  return !r.device.empty() || (why = "empty device", false);
}

bool set_key(StoredResult& r, std::string_view value, std::string& why) {
  r.key = Key{};
  if (value.empty()) return true;
  for (std::string_view part : split(value, ',')) {
    long long v = 0;
    if (r.key.size == Key::kMaxValues || !parse_number(part, v))
      return why = "key '" + excerpt(value) + "' is not a list of up to " +
                   std::to_string(Key::kMaxValues) + " integers",
             false;
    r.key.values[r.key.size++] = v;
  }
  return true;
}

bool set_hints(StoredResult& r, std::string_view value, std::string& why) {
  r.hints = Hints{};
  for (std::string_view part : split(value, ' ')) {
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    int v = 0;
    if (eq == std::string_view::npos || !parse_number(part.substr(eq + 1), v))
      return why = "hint '" + excerpt(part) + "' is not name=integer", false;
    const std::string_view hint = part.substr(0, eq);
    if (hint == rules::kOccupancy)
      r.hints.occupancy = v;
    else if (hint == rules::kNumCtas)
      r.hints.num_ctas = v;
    else
      return why = "unknown hint '" + excerpt(hint) + "'", false;
  }
  return true;
}

bool set_space(StoredResult& r, std::string_view value, std::string& why) {
  if (value.size() != 16 || !parse_number(value, r.space_checksum, 16))
    return why = "space checksum '" + excerpt(value) + "' is not 16 hex digits", false;
  return true;
}

// `value` as "axis=integer ..." into `names` and `config`; false when it is not that.
bool parse_config(std::string_view value, std::vector<std::string>& names, Config& config) {
  for (std::string_view part : split(value, ' ')) {
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    long long v = 0;
    if (eq == std::string_view::npos || eq == 0 || !parse_number(part.substr(eq + 1), v) ||
        config.size() == Config::kMaxAxes)
      return false;
    names.emplace_back(part.substr(0, eq));
    config.push_back(v);
  }
  return true;
}

bool set_best(StoredResult& r, std::string_view value, std::string& why) {
  r.axis_names.clear();
  r.best = Config{};
  if (!parse_config(value, r.axis_names, r.best))
    return why = "best '" + excerpt(value) + "' is not a list of axis=integer", false;
  return true;
}

// A configuration other than the best: the same axes as `best` where that came first (the order
// format_results writes); finish_block checks the count of values either way.
bool parse_other_config(const StoredResult& r, std::string_view field, std::string_view value,
                        Config& config, std::string& why) {
  std::vector<std::string> names;
  if (!parse_config(value, names, config))
    return why = std::string(field) + " '" + excerpt(value) + "' is not a list of axis=integer",
           false;
  if (!r.axis_names.empty() && names != r.axis_names)
    return why = std::string(field) + " '" + excerpt(value) + "' names other axes than best", false;
  return true;
}

bool set_runner_up(StoredResult& r, std::string_view value, std::string& why) {
  Config config;
  if (!parse_other_config(r, kRunnerUp, value, config, why)) return false;
  r.runner_up = config;
  return true;
}

// "<number>" into `out`; false (with `why` naming `field`) when it is not one.
bool set_optional_ms(std::optional<double>& out, std::string_view field, std::string_view value,
                     std::string& why) {
  double ms = 0;
  if (!parse_double(value, ms))
    return why = std::string(field) + " '" + excerpt(value) + "' is not a number", false;
  out = ms;
  return true;
}

bool set_runner_up_ms(StoredResult& r, std::string_view value, std::string& why) {
  return set_optional_ms(r.runner_up_ms, kRunnerUpMs, value, why);
}

bool set_space_median(StoredResult& r, std::string_view value, std::string& why) {
  return set_optional_ms(r.space_median_ms, kSpaceMedian, value, why);
}

// "axis=integer ... <ms>": one more configuration that ran.
bool set_measured(StoredResult& r, std::string_view value, std::string& why) {
  const std::size_t space = value.find_last_of(' ');
  MeasuredConfig m;
  if (space == std::string_view::npos || !parse_double(value.substr(space + 1), m.median_ms))
    return why = "measured '" + excerpt(value) + "' does not end in a time in ms", false;
  if (!parse_other_config(r, kMeasured, trim(value.substr(0, space)), m.config, why)) return false;
  r.measured.push_back(m);
  return true;
}

bool set_code(StoredResult& r, std::string_view value, std::string& why) {
  std::uint64_t ignored = 0;
  if (value.size() != 16 || !parse_number(value, ignored, 16))
    return why = "code '" + excerpt(value) + "' is not 16 hex digits", false;
  r.code = std::string(value);
  return true;
}

// "13.0" as 13000 (major*1000 + minor*10, CUDA's convention).
bool parse_cuda_version(std::string_view text, int& out) {
  const std::size_t dot = text.find('.');
  int major = 0;
  int minor = 0;
  if (dot == std::string_view::npos || !parse_number(text.substr(0, dot), major) ||
      !parse_number(text.substr(dot + 1), minor) || major < 0 || major > 1000 || minor < 0 ||
      minor > 99)
    return false;
  out = major * 1000 + minor * 10;
  return true;
}

std::string cuda_version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

bool set_versions(StoredResult& r, std::string_view value, std::string& why) {
  r.versions = ToolVersions{};
  for (std::string_view part : split(value, ' ')) {
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    const std::string_view name = part.substr(0, eq == std::string_view::npos ? 0 : eq);
    const std::string_view number = eq == std::string_view::npos ? "" : part.substr(eq + 1);
    bool good = eq != std::string_view::npos;
    if (good && name == kNvrtc)
      good = parse_cuda_version(number, r.versions.nvrtc);
    else if (good && name == kDriver)
      good = parse_cuda_version(number, r.versions.driver);
    else if (good && name == kTiletune)
      r.versions.tiletune = std::string(number);
    // Another name: a version a later tiletune records, ignored here.
    if (!good) return why = "version '" + excerpt(part) + "' is not name=major.minor", false;
  }
  return true;
}

bool set_median(StoredResult& r, std::string_view value, std::string& why) {
  if (!parse_double(value, r.median_ms))
    return why = "median_ms '" + excerpt(value) + "' is not a number", false;
  return true;
}

bool set_stopped(StoredResult& r, std::string_view value, std::string&) {
  r.stopped = std::string(value);
  return true;
}

bool set_measure(StoredResult& r, std::string_view value, std::string&) {
  r.measure = value == "eager" ? std::string() : std::string(value);
  return true;
}

// Fills `r`'s field `name` from `value`; false (with `why`) when the value is malformed. A field
// from a later version is ignored.
bool set_field(StoredResult& r, std::string_view name, std::string_view value, std::string& why) {
  using Setter = bool (*)(StoredResult&, std::string_view, std::string&);
  static constexpr std::pair<std::string_view, Setter> kSetters[] = {
      {kDevice, set_device},
      {kKey, set_key},
      {kHints, set_hints},
      {kSpace, set_space},
      {kBest, set_best},
      {kMedian, set_median},
      {kRunnerUp, set_runner_up},
      {kRunnerUpMs, set_runner_up_ms},
      {kSpaceMedian, set_space_median},
      {kMeasured, set_measured},
      {kStopped, set_stopped},
      {kCode, set_code},
      {kVersions, set_versions},
      {kMeasure, set_measure}};
  for (const auto& [field, set] : kSetters)
    if (name == field) return set(r, value, why);
  return true;
}

// Lines saying what is wrong where in the text being parsed: the first few, then one line with
// how many more, so that a file of junk gives a handful of lines, not one per line of it.
class Problems {
 public:
  static constexpr int kShown = 5;

  Problems(const std::string& name, std::vector<std::string>* out) : name_(name), out_(out) {}
  void add(int line, const std::string& what) {
    if (out_ && shown_ < kShown) out_->push_back(name_ + ":" + std::to_string(line) + ": " + what);
    if (shown_ < kShown)
      ++shown_;
    else
      ++more_;
  }
  void finish() {
    if (out_ && more_ > 0)
      out_->push_back(name_ + ": " + std::to_string(more_) + " more problems not shown");
  }

 private:
  const std::string& name_;
  std::vector<std::string>* out_;
  int shown_ = 0;
  long more_ = 0;
};

// `text` without its trailing blank lines, ending in one newline.
std::string without_trailing_blank_lines(std::string_view text) {
  std::string_view kept = text;
  while (!kept.empty() &&
         (kept.back() == '\n' || kept.back() == ' ' || kept.back() == '\t' || kept.back() == '\r'))
    kept.remove_suffix(1);
  return std::string(kept) + "\n";
}

// One `[site]` block as it is read.
struct Block {
  StoredResult result;
  std::set<std::string, std::less<>> seen;  // the fields it gave
  int line = 0;
  std::size_t begin = 0;  // where its '[' line starts in the text
  bool bad = false;
};

Block start_block(std::string_view line, int number, Problems& problems) {
  Block block;
  block.line = number;
  const std::size_t close = line.find_last_of(']');
  if (close == std::string_view::npos || close < 2) {
    problems.add(number, "expected '[site]' to start a result");
    block.bad = true;
  } else {
    block.result.site = std::string(line.substr(1, close - 1));
  }
  return block;
}

void read_field(Block& block, std::string_view line, int number, Problems& problems) {
  const std::size_t eq = line.find('=');
  if (eq == std::string_view::npos) {
    problems.add(number, "expected 'name = value', not '" + excerpt(line) + "'");
    block.bad = true;
    return;
  }
  const std::string_view field = trim(line.substr(0, eq));
  std::string why;
  if (!set_field(block.result, field, trim(line.substr(eq + 1)), why)) {
    problems.add(number, why + "; the result for '" + excerpt(block.result.site) + "' is ignored");
    block.bad = true;
  }
  block.seen.emplace(field);
}

// The block's result, when it is good and has every required field.
std::optional<StoredResult> finish_block(Block block, Problems& problems) {
  if (block.bad) return std::nullopt;
  for (std::string_view required : kRequired)
    if (!block.seen.count(required)) {
      problems.add(block.line, "result for '" + excerpt(block.result.site) + "' has no '" +
                                   std::string(required) + "' line; it is ignored");
      return std::nullopt;
    }
  const StoredResult& r = block.result;
  bool same_axes = !r.runner_up || r.runner_up->size() == r.best.size();
  for (const MeasuredConfig& m : r.measured)
    same_axes = same_axes && m.config.size() == r.best.size();
  if (!same_axes) {
    problems.add(block.line, "result for '" + excerpt(r.site) +
                                 "' has a runner_up or measured line with other axes than best; "
                                 "it is ignored");
    return std::nullopt;
  }
  return std::move(block.result);
}

// " axis=value axis=value" for `config` (nothing for none).
std::string config_text(const std::vector<std::string>& names, const Config& config) {
  return config.size() == 0 ? "" : " " + detail::config_text(names, config);
}

std::string milliseconds(double ms) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", ms);
  return text;
}

}  // namespace

std::string version_changes(const ToolVersions& before, const ToolVersions& now) {
  std::string out;
  auto add = [&](const std::string& change) { out += (out.empty() ? "" : ", ") + change; };
  auto text = [](int v) { return v ? cuda_version_text(v) : std::string("unrecorded"); };
  if (before.nvrtc != now.nvrtc) add("NVRTC " + text(before.nvrtc) + " -> " + text(now.nvrtc));
  if (before.driver != now.driver) add("driver " + text(before.driver) + " -> " + text(now.driver));
  if (before.tiletune != now.tiletune)
    add("tiletune " + (before.tiletune.empty() ? std::string("unrecorded") : before.tiletune) +
        " -> " + now.tiletune);
  return out;
}

bool StoredResult::same_identity(const StoredResult& other) const {
  return same_site(other) && device == other.device && key == other.key &&
         hints.occupancy == other.hints.occupancy && hints.num_ctas == other.hints.num_ctas;
}

bool StoredResult::same_site(const StoredResult& other) const {
  // A site's code id names it wherever its file is; a block without one (a hand-made site, or a
  // file from before ids) is named by its file and line.
  return code.empty() && other.code.empty() ? site == other.site : code == other.code;
}

std::string identity_text(const StoredResult& r) {
  // Each text field with its length first, so that no two identities run together into one text.
  auto field = [](std::string_view text) {
    return std::to_string(text.size()) + ":" + std::string(text);
  };
  std::string out = r.code.empty() ? "site " + field(r.site) : "code " + field(r.code);
  out += " device " + field(r.device) + " key " + detail::key_values(r.key, ",");
  return out + " hints " + std::to_string(r.hints.occupancy) + "," +
         std::to_string(r.hints.num_ctas);
}

std::string_view results_file_header() { return kHeader; }

std::string format_result_block(const StoredResult& r) {
  std::string out = "\n[" + r.site + "]\n";
  if (!r.code.empty()) out += std::string(kCode) + " = " + r.code + "\n";
  if (r.versions != ToolVersions{}) {
    out += std::string(kVersions) + " =";
    if (r.versions.nvrtc)
      out += " " + std::string(kNvrtc) + "=" + cuda_version_text(r.versions.nvrtc);
    if (r.versions.driver)
      out += " " + std::string(kDriver) + "=" + cuda_version_text(r.versions.driver);
    if (!r.versions.tiletune.empty())
      out += " " + std::string(kTiletune) + "=" + r.versions.tiletune;
    out += "\n";
  }
  out += std::string(kDevice) + " = " + r.device + "\n";
  out += std::string(kKey) + " = ";
  out += detail::key_values(r.key, ", ");
  out += "\n" + std::string(kHints) + " = " + detail::hints_text(r.hints) + "\n";
  out += std::string(kSpace) + " = " + hex64(r.space_checksum) + "\n";
  out += std::string(kBest) + " =" + config_text(r.axis_names, r.best);
  out += "\n" + std::string(kMedian) + " = " + milliseconds(r.median_ms) + "\n";
  if (r.runner_up)
    out += std::string(kRunnerUp) + " =" + config_text(r.axis_names, *r.runner_up) + "\n";
  if (r.runner_up_ms)
    out += std::string(kRunnerUpMs) + " = " + milliseconds(*r.runner_up_ms) + "\n";
  if (r.space_median_ms)
    out += std::string(kSpaceMedian) + " = " + milliseconds(*r.space_median_ms) + "\n";
  for (const MeasuredConfig& m : r.measured)
    out += std::string(kMeasured) + " =" + config_text(r.axis_names, m.config) + " " +
           milliseconds(m.median_ms) + "\n";
  if (!r.stopped.empty()) out += std::string(kStopped) + " = " + r.stopped + "\n";
  if (!r.measure.empty()) out += std::string(kMeasure) + " = " + r.measure + "\n";
  return out;
}

std::string format_results(const std::vector<StoredResult>& results,
                           const std::vector<std::string>& kept) {
  std::string out(kHeader);
  for (const StoredResult& r : results) out += format_result_block(r);
  for (const std::string& block : kept) out += "\n" + block;
  return out;
}

std::vector<StoredResult> parse_result_blocks(std::string_view text, const std::string& name,
                                              std::vector<std::string>* problem_lines,
                                              std::vector<std::string>* unreadable,
                                              int first_line) {
  Problems problems(name, problem_lines);
  const std::string_view all = text;
  std::vector<StoredResult> results;
  std::optional<Block> block;
  auto finish = [&](std::size_t end) {
    if (!block) return;
    const std::size_t begin = block->begin;
    if (std::optional<StoredResult> r = finish_block(std::move(*block), problems))
      results.push_back(std::move(*r));
    else if (unreadable)
      unreadable->push_back(without_trailing_blank_lines(all.substr(begin, end - begin)));
    block.reset();
  };
  for (int number = first_line; !text.empty(); ++number) {
    const std::size_t at = all.size() - text.size();
    const std::size_t end = text.find('\n');
    const std::string_view line = trim(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '[') {
      finish(at);
      block = start_block(line, number, problems);
      block->begin = at;
    } else if (!block) {
      problems.add(number, "expected '[site]' before '" + excerpt(line) + "'");
    } else {
      read_field(*block, line, number, problems);
    }
  }
  finish(all.size());
  problems.finish();
  return results;
}

std::vector<StoredResult> parse_results(std::string_view text, const std::string& name,
                                        std::vector<std::string>* problems,
                                        std::vector<std::string>* unreadable) {
  ResultsImage latest;
  for (StoredResult& r : parse_result_blocks(text, name, problems, unreadable))
    latest.keep(std::move(r));
  return std::move(latest).take();
}

}  // namespace tiletune::detail
