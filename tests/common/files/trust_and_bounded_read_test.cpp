// The two file rules every part of tiletune applies (common/files/): which files and directories
// are trusted (this user's, writable by no one else), and reading a whole file no further than a
// bound, whatever its size says or whatever it is.
#include "files/bounded_read.h"
#include "files/trust.h"

#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <string>

namespace tiletune {
namespace {

using files::ReadOutcome;
using testing::TemporaryDirectory;

struct stat status_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::lstat(path.c_str(), &info), 0) << path;
  return info;
}

TEST(Trust, ADirectoryOfThisUserThatNoOneElseMayWriteIsTrusted) {
  TemporaryDirectory dir;  // 0700
  EXPECT_EQ(files::untrusted_because(status_of(dir.path())), "");
  EXPECT_EQ(files::untrusted_directory_because(dir.path()), "");
  ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
  EXPECT_EQ(files::untrusted_directory_because(dir.path()), "");
}

TEST(Trust, WritableByGroupOrOthersIsNotTrusted) {
  TemporaryDirectory dir;
  const std::string path = dir / "d";
  ASSERT_EQ(::mkdir(path.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(path.c_str(), 0770), 0);
  EXPECT_EQ(files::untrusted_directory_because(path), "is writable by group or others (mode 0770)");
  ASSERT_EQ(::chmod(path.c_str(), 01777), 0);  // /tmp's mode: the sticky bit changes nothing
  EXPECT_EQ(files::untrusted_directory_because(path), "is writable by group or others (mode 1777)");
  const std::string file = dir / "f";
  testing::write_bytes(file, {'x'});
  ASSERT_EQ(::chmod(file.c_str(), 0602), 0);
  EXPECT_EQ(files::untrusted_because(status_of(file)),
            "is writable by group or others (mode 0602)");
}

TEST(Trust, AnotherUsersIsNotTrusted) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a file to another user needs root";
  TemporaryDirectory dir;
  const std::string file = dir / "f";
  testing::write_bytes(file, {'x'});
  ASSERT_EQ(::chmod(file.c_str(), 0600), 0);
  ASSERT_EQ(::chown(file.c_str(), 12345, 12345), 0);
  EXPECT_EQ(files::untrusted_because(status_of(file)),
            "belongs to user 12345, not to this user (0)");
}

TEST(Trust, ADirectoryThatIsNotThereOrNotADirectorySaysSo) {
  TemporaryDirectory dir;
  EXPECT_EQ(files::untrusted_directory_because(dir / "missing"), "does not exist");
  testing::write_bytes(dir / "file", {'x'});
  EXPECT_EQ(files::untrusted_directory_because(dir / "file"), "is not a directory");
  // A link to a trusted directory: the directory used is what counts.
  std::filesystem::create_symlink(dir.path(), dir / "link");
  EXPECT_EQ(files::untrusted_directory_because(dir / "link"), "");
}

std::string bytes(std::size_t n) { return std::string(n, 'r'); }

ReadOutcome read_path(const std::string& path, std::size_t limit, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  EXPECT_GE(fd, 0) << path;
  const ReadOutcome outcome = files::read_bounded(fd, limit, text);
  ::close(fd);
  return outcome;
}

TEST(BoundedRead, AFileUpToTheBoundIsReadWholeAndOneByteMoreIsNot) {
  TemporaryDirectory dir;
  const std::string path = dir / "f";
  const std::string content = bytes(200000);  // several chunks
  testing::write_bytes(path, std::vector<char>(content.begin(), content.end()));
  std::string text;
  EXPECT_EQ(read_path(path, 200000, text), ReadOutcome::kWhole);
  EXPECT_EQ(text, content);
  EXPECT_EQ(read_path(path, 199999, text), ReadOutcome::kTooLarge);
  EXPECT_TRUE(text.empty());
  testing::write_bytes(dir / "empty", {});
  EXPECT_EQ(read_path(dir / "empty", 0, text), ReadOutcome::kWhole);
  EXPECT_EQ(text, "");
}

// Peak memory of this process so far, in KiB.
long peak_kib() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(BoundedRead, AHugeSparseFileCostsTheBoundNotItsSize) {
  TemporaryDirectory dir;
  const std::string path = dir / "huge";
  testing::write_bytes(path, {});
  ASSERT_EQ(::truncate(path.c_str(), off_t{3} << 30), 0);  // 3 GiB of nothing on disk
  const long before = peak_kib();
  std::string text;
  EXPECT_EQ(read_path(path, 1 << 20, text), ReadOutcome::kTooLarge);
  EXPECT_LT(peak_kib() - before, 64 * 1024) << "more than 64 MiB held for a 1 MiB bound";
}

TEST(BoundedRead, ADeviceWithoutEndIsTooLargeNotReadForever) {
  std::string text;
  EXPECT_EQ(read_path("/dev/zero", 1 << 20, text), ReadOutcome::kTooLarge);
  EXPECT_EQ(read_path("/dev/null", 1 << 20, text), ReadOutcome::kWhole);
  EXPECT_EQ(text, "");
}

TEST(BoundedRead, APipeIsReadToItsEnd) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], "abc", 3), 3);
  ::close(fds[1]);
  std::string text;
  EXPECT_EQ(files::read_bounded(fds[0], 10, text), ReadOutcome::kWhole);
  EXPECT_EQ(text, "abc");
  ::close(fds[0]);
}

TEST(BoundedRead, AReadThatFailsSaysSoWithTheSystemsReason) {
  TemporaryDirectory dir;
  const int fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  std::string text = "left over";
  EXPECT_EQ(files::read_bounded(fd, 100, text), ReadOutcome::kFailed);
  EXPECT_EQ(errno, EISDIR);
  EXPECT_TRUE(text.empty());
  ::close(fd);
}

TEST(BoundedRead, SizesReadAsMessagesWriteThem) {
  EXPECT_EQ(files::size_text(std::size_t{256} << 20), "256 MiB");
  EXPECT_EQ(files::size_text(4096), "4 KiB");
  EXPECT_EQ(files::size_text(100), "100 bytes");
}

}  // namespace
}  // namespace tiletune
