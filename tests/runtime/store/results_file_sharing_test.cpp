// The results file as processes share it (each ResultsFile here stands for a process): a store
// appends its block and leaves the rest as it was, a reader takes in only what was appended since
// it last read (and the whole file when it was written again), a later block of an identity wins,
// replaced blocks are written out before they are most of the file, a failed append leaves no half
// block, and what the file says reaches the log escaped.
#include "store/results_file.h"
#include "store/results_format.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace tiletune {
namespace {

using detail::ResultsFile;
using detail::StoredResult;
using testing::LogFile;
using testing::TemporaryDirectory;

constexpr std::chrono::milliseconds kTimeout{5000};

StoredResult result(long long n, long long tile, double ms = 0.5) {
  StoredResult r;
  r.site = "vadd.cu:12 vadd<$tile>";
  r.code = "00000000000000aa";
  r.device = "fake-sm90";
  r.key = key(n);
  r.space_checksum = 0x5f0c8b1d9a3e2c47;
  r.axis_names = {"tile"};
  r.best = Config{tile};
  r.median_ms = ms;
  return r;
}

std::string text_of(const std::string& path) {
  const std::vector<char> bytes = testing::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

void write_text(const std::string& path, const std::string& text) {
  testing::write_bytes(path, std::vector<char>(text.begin(), text.end()));
}

long long best_tile(ResultsFile& file, long long n) {
  const std::optional<StoredResult> found = file.find(result(n, 0));
  return found ? found->best[0] : -1;
}

int blocks_in(const std::string& text) {
  int n = 0;
  for (std::size_t at = text.find("\n["); at != std::string::npos; at = text.find("\n[", at + 1))
    ++n;
  return n;
}

TEST(ResultsFileSharing, AStoreAppendsItsBlockAndLeavesTheRestAsItWas) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile file(path, nullptr, kTimeout);
  file.store(result(1, 64));
  const std::string first = text_of(path);
  EXPECT_EQ(first, std::string(detail::results_file_header()) +
                       detail::format_result_block(result(1, 64)));
  file.store(result(2, 128));
  EXPECT_EQ(text_of(path), first + detail::format_result_block(result(2, 128)));
}

TEST(ResultsFileSharing, AReaderTakesInWhatOthersAppendedWhenItReloads) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile writer(path, nullptr, kTimeout), reader(path, nullptr, kTimeout);
  writer.store(result(1, 64));
  EXPECT_EQ(best_tile(reader, 1), 64);  // read the first time it is asked
  writer.store(result(2, 128));
  writer.store(result(1, 256));  // the same identity again: a second block of it
  EXPECT_EQ(best_tile(reader, 2), -1) << "read again only when told to";
  reader.reload();
  EXPECT_EQ(best_tile(reader, 2), 128);
  EXPECT_EQ(best_tile(reader, 1), 256);
  // And what the reader stores goes after them, seen by the writer in turn.
  reader.store(result(3, 512));
  writer.reload();
  EXPECT_EQ(best_tile(writer, 3), 512);
  EXPECT_EQ(blocks_in(text_of(path)), 4);
}

TEST(ResultsFileSharing, ALaterBlockOfAnIdentityReplacesTheEarlierInItsPlace) {
  const std::string text = detail::format_results({result(1, 64), result(2, 128)}) +
                           detail::format_result_block(result(1, 256));
  std::vector<std::string> problems;
  const std::vector<StoredResult> read = detail::parse_results(text, "r.txt", &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].key, key(1));
  EXPECT_EQ(read[0].best, Config{256});
  EXPECT_EQ(read[1].key, key(2));
  // Every block is there for whoever wants them in order.
  EXPECT_EQ(detail::parse_result_blocks(text, "r.txt", &problems).size(), 3u);
}

TEST(ResultsFileSharing, AFileWrittenByAnEarlierVersionReadsAndIsAppendedTo) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  // What a whole-file writer (every version before appends) left: one block per identity.
  const std::string before = detail::format_results({result(1, 64), result(2, 128)});
  write_text(path, before);
  ::chmod(path.c_str(), 0644);  // whatever the umask
  ResultsFile file(path, nullptr, kTimeout);
  EXPECT_EQ(best_tile(file, 1), 64);
  EXPECT_EQ(best_tile(file, 2), 128);
  file.store(result(3, 256));
  EXPECT_EQ(text_of(path), before + detail::format_result_block(result(3, 256)));
}

TEST(ResultsFileSharing, AFileEditedInPlaceIsReadWholeAgain) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile writer(path, nullptr, kTimeout), reader(path, nullptr, kTimeout);
  writer.store(result(1, 64));
  writer.store(result(2, 128));
  EXPECT_EQ(best_tile(reader, 1), 64);
  // An editor that rewrites the file where it is (same inode), longer than before: not an append.
  const std::string edited = detail::format_results({result(2, 1024), result(4, 32), result(5, 8)});
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, edited.data(), edited.size()), static_cast<ssize_t>(edited.size()));
  ::close(fd);
  reader.reload();
  EXPECT_EQ(best_tile(reader, 1), -1) << "removed by the edit";
  EXPECT_EQ(best_tile(reader, 2), 1024);
  EXPECT_EQ(best_tile(reader, 5), 8);
}

TEST(ResultsFileSharing, AFileReplacedByAnotherIsReadWholeAgain) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile writer(path, nullptr, kTimeout), reader(path, nullptr, kTimeout);
  writer.store(result(1, 64));
  writer.store(result(2, 128));
  EXPECT_EQ(best_tile(reader, 2), 128);
  write_text(dir / "other.txt", detail::format_results({result(2, 256)}));
  ::chmod((dir / "other.txt").c_str(), 0644);
  std::filesystem::rename(dir / "other.txt", path);  // a merged file copied in, say
  reader.reload();
  EXPECT_EQ(best_tile(reader, 1), -1);
  EXPECT_EQ(best_tile(reader, 2), 256);
}

TEST(ResultsFileSharing, ReplacedBlocksAreWrittenOutBeforeTheyAreMostOfTheFile) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile writer(path, nullptr, kTimeout), reader(path, nullptr, kTimeout);
  writer.store(result(7, 1));
  EXPECT_EQ(best_tile(reader, 7), 1);
  int most_blocks = 0;
  for (int i = 2; i <= 300; ++i) {
    writer.store(result(1, i));
    most_blocks = std::max(most_blocks, blocks_in(text_of(path)));
  }
  // Two identities: written anew once 64 replaced blocks are more than half of them.
  EXPECT_LE(most_blocks, 66);
  EXPECT_GE(most_blocks, 64) << "written anew at every store: no appends";
  reader.reload();
  EXPECT_EQ(best_tile(reader, 1), 300);
  EXPECT_EQ(best_tile(reader, 7), 1);
  std::vector<std::string> problems;
  EXPECT_EQ(detail::parse_results(text_of(path), path, &problems).size(), 2u);
  EXPECT_TRUE(problems.empty());
}

TEST(ResultsFileSharing, AnAppendThatFailsLeavesNoHalfBlockAndTheResultInMemory) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  LogFile log;
  ResultsFile file(path, log.get(), kTimeout);
  file.store(result(1, 64));
  const std::string before = text_of(path);
  // A file-size limit a few bytes past the end: the block's first bytes are written, the rest
  // fails (EFBIG), as on a full disk.
  rlimit saved{};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = before.size() + 20;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  file.store(result(2, 128));
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &saved), 0);
  ::signal(SIGXFSZ, old_handler);
  EXPECT_EQ(text_of(path), before);
  EXPECT_EQ(best_tile(file, 2), 128);
  EXPECT_NE(log.text().find("tiletune: cannot write results file '" + path +
                            "': File too large; results are kept in memory only"),
            std::string::npos)
      << log.text();
  // The next store appends whole, and a reader finds no torn block.
  file.store(result(3, 256));
  ResultsFile reader(path, log.get(), kTimeout);
  EXPECT_EQ(best_tile(reader, 3), 256);
  std::vector<std::string> problems;
  detail::parse_results(text_of(path), path, &problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

TEST(ResultsFileSharing, ProblemsInAppendedTextGiveTheirLineInTheWholeFile) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  LogFile log;
  ResultsFile writer(path, nullptr, kTimeout), reader(path, log.get(), kTimeout);
  writer.store(result(1, 64));
  EXPECT_EQ(best_tile(reader, 1), 64);
  const std::string first = text_of(path);
  const int lines = static_cast<int>(std::count(first.begin(), first.end(), '\n'));
  write_text(path, first + "\n[hand.cu:1 k]\ndevice = d\nkey = oops\n");
  reader.reload();
  EXPECT_NE(log.text().find(path + ":" + std::to_string(lines + 4) + ": key 'oops'"),
            std::string::npos)
      << log.text();
}

TEST(ResultsFileSharing, WhatTheFileSaysReachesTheLogEscaped) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  write_text(path, "[\x1b]0;owned\x07 k]\ndevice = d\nkey = \x1b[2J\n");
  ::chmod(path.c_str(), 0600);
  LogFile log;
  ResultsFile file(path, log.get(), kTimeout);
  EXPECT_EQ(best_tile(file, 1), -1);
  const std::string text = log.text();
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
  EXPECT_NE(text.find("key '\\x1b[2J'"), std::string::npos) << text;
}

TEST(ResultsFileSharing, AProblemQuotesNoMoreThanTheStartOfALongLine) {
  std::vector<std::string> problems;
  detail::parse_results(std::string(1 << 20, 'x') + "\n", "r.txt", &problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "r.txt:1: expected '[site]' before '" + std::string(80, 'x') + "...'");
}

}  // namespace
}  // namespace tiletune
