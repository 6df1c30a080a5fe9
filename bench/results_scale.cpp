// The results file at scale (issue 35): an application with thousands of shapes must pay the same
// per new key with ten thousand keys in its results file as with ten, and `tiletune-results show`
// and `merge` must take time in proportion to the blocks they read.
//
// First launches: for each size (10, 1,000 and 10,000 keys already in the file, put there the same
// way), a new reader opens the file (its one whole read is timed apart), then 200 new keys go
// through what a first launch does with the store: look the key up, take its tuning lock, read
// what other processes appended, look it up again, store the winner (with 24 measured
// configurations) and release the lock. The figure is new keys per second; the ratio of the cost
// per key at 10,000 keys to that at 10 is the test of O(1) (1.0 is flat; the whole-file rewrite
// this replaces grew linearly, so 10,000 keys cost about 1,000 times 10).
//
// show and merge: the results command's work, in this process (parse, then the table, or parse
// both inputs, vote and write), on 5,000 and 50,000 blocks; the ratio of the time per block at
// 50,000 to that at 5,000 (1.0 is linear).
//
// Usage: results_scale [NEW_KEYS] (default 200). Runs on the CPU, in a fresh temporary directory.
// The summary line is last.
#include "results/merge.h"
#include "results/show.h"
#include "store/results_file.h"
#include "store/results_format.h"
#include "store/tuning_lock.h"

#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace tiletune;
using detail::ResultsFile;
using detail::StoredResult;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::chrono::milliseconds kLockTimeout{600'000};

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A winner as a tuning stores it: the space's 24 configurations measured.
StoredResult winner(long long n, int site = 0) {
  StoredResult r;
  r.site = "model.cu:" + std::to_string(100 + site) + " gemm<$bm, $bn, $stages>";
  char code[17];
  std::snprintf(code, sizeof code, "%016x", 0xc0de0000u + static_cast<unsigned>(site));
  r.code = code;
  r.versions = {13000, 13000, "0.1.0"};
  r.device = "NVIDIA H100 80GB HBM3 sm_90 132SM";
  r.key = key(n, 4096);
  r.space_checksum = 0x5f0c8b1d9a3e2c47;
  r.axis_names = {"bm", "bn", "stages"};
  for (long long bm : {64, 128})
    for (long long bn : {64, 128, 256})
      for (long long stages : {2, 3, 4, 5})
        r.measured.push_back({Config{bm, bn, stages}, 0.01 * (bm + bn + stages)});
  r.best = r.measured[5].config;
  r.median_ms = r.measured[5].median_ms;
  r.runner_up = r.measured[6].config;
  r.runner_up_ms = r.measured[6].median_ms;
  r.space_median_ms = 1.5;
  return r;
}

// What a first launch does with the store for a key with no stored winner.
void first_launch(ResultsFile& results, long long n) {
  const StoredResult stored = winner(n);
  StoredResult identity = stored;
  if (results.find(identity)) std::abort();
  detail::TuningLock lock(results.path(), identity, kLockTimeout, stderr);
  results.reload();
  if (results.find(identity)) std::abort();
  results.store(stored);
}

struct KeysFigure {
  long long keys = 0;
  double open_seconds = 0;  // a new process's first read of the whole file
  double seconds_per_key = 0;
};

KeysFigure new_keys_with(const std::string& directory, long long keys_in_file, int new_keys) {
  const std::string path = directory + "/results-" + std::to_string(keys_in_file) + ".txt";
  {
    ResultsFile filler(path, stderr, kLockTimeout);
    for (long long n = 0; n < keys_in_file; ++n) first_launch(filler, n);
  }
  KeysFigure figure;
  figure.keys = keys_in_file;
  ResultsFile results(path, stderr, kLockTimeout);
  Clock::time_point start = Clock::now();
  results.reload();
  figure.open_seconds = seconds_since(start);
  start = Clock::now();
  for (int i = 0; i < new_keys; ++i) first_launch(results, keys_in_file + 1 + i);
  figure.seconds_per_key = seconds_since(start) / new_keys;
  return figure;
}

// A results file of `blocks` blocks over 50 sites; every `differ`th one with another winner.
std::string results_text(int blocks, int differ) {
  std::vector<StoredResult> results;
  for (int i = 0; i < blocks; ++i) {
    StoredResult r = winner(i / 50, i % 50);
    if (differ > 0 && i % differ == 0) r.best = r.measured[7].config;
    results.push_back(std::move(r));
  }
  return detail::format_results(results);
}

struct CommandFigure {
  double show_seconds = 0;
  double merge_seconds = 0;
};

CommandFigure commands_on(int blocks) {
  const std::string a = results_text(blocks, 0), b = results_text(blocks, 7);
  CommandFigure figure;
  Clock::time_point start = Clock::now();
  std::vector<std::string> problems;
  const std::string table = results::show(detail::parse_results(a, "a.txt", &problems));
  figure.show_seconds = seconds_since(start);
  start = Clock::now();
  const results::Merged merged = results::merge({{"a.txt", a}, {"b.txt", b}});
  const std::string out = detail::format_results(merged.results);
  figure.merge_seconds = seconds_since(start);
  if (table.empty() || merged.results.size() != static_cast<std::size_t>(blocks) || out.empty())
    std::abort();
  return figure;
}

}  // namespace

int main(int argc, char** argv) {
  const int new_keys = argc > 1 ? std::atoi(argv[1]) : 200;
  std::string pattern = (std::filesystem::temp_directory_path() / "results-scale-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return 1;
  const std::string directory = pattern;

  std::printf("first launches of new keys through the results store (%d new keys per size)\n",
              new_keys);
  std::vector<KeysFigure> keys;
  for (long long size : {10LL, 1000LL, 10000LL}) {
    keys.push_back(new_keys_with(directory, size, new_keys));
    const KeysFigure& k = keys.back();
    std::printf(
        "  %6lld keys in the file: %8.0f new keys/s (%.1f us each); a new process reads "
        "the file in %.1f ms\n",
        k.keys, 1 / k.seconds_per_key, k.seconds_per_key * 1e6, k.open_seconds * 1e3);
  }

  std::printf("tiletune-results show and merge (2 inputs)\n");
  std::vector<std::pair<int, CommandFigure>> commands;
  for (int blocks : {5000, 50000}) {
    commands.emplace_back(blocks, commands_on(blocks));
    std::printf("  %6d blocks: show %.3f s, merge %.3f s\n", blocks,
                commands.back().second.show_seconds, commands.back().second.merge_seconds);
  }
  std::filesystem::remove_all(directory);

  const double per_key_ratio = keys[2].seconds_per_key / keys[0].seconds_per_key;
  const double show_ratio =
      (commands[1].second.show_seconds / 50000) / (commands[0].second.show_seconds / 5000);
  const double merge_ratio =
      (commands[1].second.merge_seconds / 50000) / (commands[0].second.merge_seconds / 5000);
  std::printf(
      "summary: cost per new key at 10,000 keys / at 10 = %.2f (1.0 = O(1)); per block at "
      "50,000 / at 5,000: show %.2f, merge %.2f (1.0 = linear)\n",
      per_key_ratio, show_ratio, merge_ratio);
  return 0;
}
