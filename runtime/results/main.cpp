// tiletune-results: merge, show and plot results files.
//   tiletune-results merge [--strict] OUT IN...
//   tiletune-results show [FILE]
//   tiletune-results plot [FILE] [--site S] [--key K] -o OUT.svg
// Without FILE, the results file a tuned program of this user writes: TILETUNE_RESULTS_FILE, else
// results.txt in the cache directory (the runtime's own rule), named on stderr.
// Exit status: 0 done; 1 (merge --strict only) the inputs disagree on a winner; 2 bad usage, an
// input that cannot be read, or an output that cannot be written.
#include "results/merge.h"
#include "results/output_file.h"
#include "results/plot.h"
#include "results/show.h"
#include "results/tuning_points.h"
#include "runtime_options.h"

#include "files/bounded_read.h"
#include "store/printable_text.h"
#include "store/results_trust.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::results {
namespace {

constexpr int kOk = 0, kConflicts = 1, kUsage = 2;

constexpr const char* kUsageText =
    "usage: tiletune-results merge [--strict] OUT IN...   merge results files (majority winner)\n"
    "       tiletune-results show [FILE]                 a table per site and key\n"
    "       tiletune-results plot [FILE] [--site S] [--key K] -o OUT.svg\n"
    "                                                    one tuning as an SVG (FILE: results\n"
    "                                                    file or TILETUNE_LOG=1 log)\n"
    "  FILE defaults to the results file tuned programs write: $TILETUNE_RESULTS_FILE, else\n"
    "  results.txt in $TILETUNE_CACHE_DIR (default $XDG_CACHE_HOME/tiletune, ~/.cache/tiletune).\n";

// Every line on stderr: it quotes paths and results files, which may hold escape sequences.
void print_line(const std::string& line) {
  std::fprintf(stderr, "tiletune-results: %s\n", detail::terminal_text(line).c_str());
}

// The runtime's results file for this environment, said on stderr; "" (after saying why) when
// there is none to read.
std::string default_input() {
  const std::string path =
      RuntimeOptions::from_environment([](const std::string& message) {
        std::fprintf(stderr, "tiletune-results: warning: %s\n", message.c_str());
      }).results_file;
  if (path.empty()) {
    std::fprintf(stderr,
                 "tiletune-results: no FILE given, and no default results file: set "
                 "TILETUNE_RESULTS_FILE, TILETUNE_CACHE_DIR or HOME\n");
    return {};
  }
  const bool from_variable = path == [] {
    const char* v = std::getenv("TILETUNE_RESULTS_FILE");
    return std::string(v ? v : "");
  }();
  std::fprintf(
      stderr, "tiletune-results: reading %s (%s)\n", path.c_str(),
      from_variable ? "TILETUNE_RESULTS_FILE" : "the default: results.txt in the cache directory");
  if (::access(path.c_str(), F_OK) != 0) {
    std::fprintf(stderr,
                 "tiletune-results: %s does not exist: no program has tuned here yet with this "
                 "environment (TILETUNE_RESULTS_FILE, TILETUNE_CACHE_DIR)\n",
                 path.c_str());
    return {};
  }
  return path;
}

void print_lines(const std::vector<std::string>& lines) {
  for (const std::string& l : lines) print_line(l);
}

int usage(const std::string& why) {
  print_line(why);
  std::fputs(kUsageText, stderr);
  return kUsage;
}

// An input read: its text and which file it is (the same file by two paths is one file).
struct Input {
  std::string text;
  dev_t device = 0;
  ino_t inode = 0;
};

// The whole file, or nullopt (said on stderr, with the system's reason: missing, unreadable, a
// directory, or more than a results file can hold: /dev/zero is refused, not read to the end).
std::optional<Input> read_input(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  Input input;
  struct stat info {};
  std::string why;
  if (fd < 0 || ::fstat(fd, &info) != 0) {
    why = std::strerror(errno);
  } else if (S_ISDIR(info.st_mode)) {
    why = std::strerror(EISDIR);
  } else {
    switch (files::read_bounded(fd, detail::kLargestResultsFile, input.text)) {
      case files::ReadOutcome::kWhole:
        break;
      case files::ReadOutcome::kTooLarge:
        why = "larger than " + files::size_text(detail::kLargestResultsFile) +
              ", more than a results file holds";
        break;
      case files::ReadOutcome::kFailed:
        why = std::strerror(errno);
        break;
    }
  }
  if (fd >= 0) ::close(fd);
  if (!why.empty()) {
    print_line("cannot read " + path + ": " + why);
    return std::nullopt;
  }
  input.device = info.st_dev;
  input.inode = info.st_ino;
  return input;
}

int write(const std::string& path, const std::string& bytes) {
  if (std::string why = write_output(path, bytes); !why.empty()) {
    print_line(why);
    return kUsage;
  }
  return kOk;
}

int merge_command(std::vector<std::string> args) {
  bool strict = false;
  std::erase_if(args, [&](const std::string& a) { return a == "--strict" && (strict = true); });
  if (args.size() < 2) return usage("merge needs OUT and at least one IN");
  std::vector<NamedText> inputs;
  std::map<std::pair<dev_t, ino_t>, std::string> read_as;  // each file once, by device and inode
  for (std::size_t i = 1; i < args.size(); ++i) {
    std::optional<Input> input = read_input(args[i]);
    if (!input) return kUsage;
    // One file named twice (the same path, a link, another path to it) is one vote, not two.
    auto [first, added] = read_as.try_emplace({input->device, input->inode}, args[i]);
    if (!added) {
      print_line(args[i] + " is the same file as " + first->second + ": counted once");
      continue;
    }
    inputs.push_back({args[i], std::move(input->text)});
  }
  const Merged merged = merge(inputs);
  print_lines(merged.problems);
  print_lines(merged.conflicts);
  if (int status = write(args[0], detail::format_results(merged.results)); status != kOk)
    return status;
  return strict && !merged.conflicts.empty() ? kConflicts : kOk;
}

int show_command(const std::vector<std::string>& args) {
  if (args.size() > 1) return usage("show takes one FILE");
  const std::string path = args.empty() ? default_input() : args[0];
  if (path.empty()) return kUsage;
  std::optional<Input> input = read_input(path);
  if (!input) return kUsage;
  std::vector<std::string> problems;
  const std::vector<detail::StoredResult> results =
      detail::parse_results(input->text, path, &problems);
  print_lines(problems);
  std::fputs(results.empty() ? "no results\n" : show(results).c_str(), stdout);  // escaped by show
  return kOk;
}

int plot_command(const std::vector<std::string>& args) {
  std::string input, output;
  Selection selection;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string* value = a == "--site"  ? &selection.site
                         : a == "--key" ? &selection.key
                         : a == "-o"    ? &output
                                        : nullptr;
    if (value) {
      if (i + 1 == args.size()) return usage(a + " needs a value");
      *value = args[++i];
    } else if (!a.empty() && a[0] == '-') {
      return usage("plot: unknown option " + a);
    } else if (input.empty()) {
      input = a;
    } else {
      return usage("plot takes one FILE");
    }
  }
  if (output.empty()) return usage("plot needs -o OUT.svg");
  if (input.empty() && (input = default_input()).empty()) return kUsage;
  std::optional<Input> read = read_input(input);
  if (!read) return kUsage;
  const std::string& text = read->text;
  std::vector<std::string> problems;
  const std::vector<TuningPoints> tunings =
      looks_like_log(text) ? points_from_log(text)
                           : points_from_results(detail::parse_results(text, input, &problems));
  print_lines(problems);
  std::string why;
  const std::optional<TuningPoints> tuning = select(tunings, selection, why);
  if (!tuning) {
    print_line(input + ": " + why);
    return kUsage;
  }
  return write(output, plot(*tuning));
}

}  // namespace
}  // namespace tiletune::results

int main(int argc, char** argv) {
  using namespace tiletune::results;
  if (argc < 2) return usage("no command");
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "merge") return merge_command(args);
  if (command == "show") return show_command(args);
  if (command == "plot") return plot_command(args);
  if (command == "-h" || command == "--help") {
    std::fputs(kUsageText, stdout);
    return kOk;
  }
  return usage("unknown command '" + command + "'");
}
