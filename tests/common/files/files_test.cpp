// Atomic file replacement and directory creation (common/files/, which the tool and the runtime
// both write through): what they leave on disk when they work, and what they say and leave when
// they fail.
#include "files/files.h"

#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tiletune {
namespace {

namespace fs = std::filesystem;
using testing::mode_of;
using testing::read_bytes;
using testing::TemporaryDirectory;
using testing::write_bytes;

std::string text_of(const std::string& path) {
  const std::vector<char> bytes = read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

std::vector<std::string> names_in(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory))
    names.push_back(entry.path().filename().string());
  return names;
}

unsigned current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

TEST(Files, WriteAtomicallyReplacesTheWholeFileAndLeavesNothingElse) {
  TemporaryDirectory tmp;
  const std::string path = tmp / "out.txt";
  EXPECT_EQ(files::write_atomically(path, "first"), "");
  EXPECT_EQ(text_of(path), "first");
  EXPECT_EQ(mode_of(path), 0666u & ~current_umask());
  EXPECT_EQ(files::write_atomically(path, std::string(1 << 20, 'x'), 0600), "");
  EXPECT_EQ(text_of(path), std::string(1 << 20, 'x'));
  EXPECT_EQ(mode_of(path), 0600u);
  EXPECT_EQ(names_in(tmp.path()), std::vector<std::string>{"out.txt"});
}

TEST(Files, WriteAtomicallyReplacesASymbolicLinkRatherThanFollowingIt) {
  TemporaryDirectory tmp;
  write_bytes(tmp / "target", {'o', 'l', 'd'});
  fs::create_symlink(tmp / "target", tmp / "link");
  EXPECT_EQ(files::write_atomically(tmp / "link", "new"), "");
  EXPECT_FALSE(fs::is_symlink(tmp / "link"));
  EXPECT_EQ(text_of(tmp / "link"), "new");
  EXPECT_EQ(text_of(tmp / "target"), "old");
}

TEST(Files, WriteAtomicallyAtWritesIntoTheOpenDirectoryWhereverItsPathNowLeads) {
  TemporaryDirectory tmp;
  ASSERT_EQ(::mkdir((tmp / "checked").c_str(), 0700), 0);
  const int fd = ::open((tmp / "checked").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  fs::rename(tmp / "checked", tmp / "moved");
  ASSERT_EQ(::mkdir((tmp / "checked").c_str(), 0700), 0);  // another directory under the old name
  EXPECT_EQ(files::write_atomically_at(fd, "f", "bytes", 0600), "");
  ::close(fd);
  EXPECT_EQ(text_of(tmp / "moved/f"), "bytes");
  EXPECT_TRUE(fs::is_empty(tmp / "checked"));
}

TEST(Files, WriteAtomicallyIntoAMissingDirectorySaysWhereAndWhy) {
  TemporaryDirectory tmp;
  const std::string path = tmp / "missing/out.txt";
  EXPECT_EQ(files::write_atomically(path, "x"),
            "cannot create a file next to " + path + ": No such file or directory");
}

// The temporary names the next `count` draws will give (this thread's, in this process): the
// counter in the last field goes up by one a draw.
std::vector<std::string> next_temporary_names(const std::string& name, int count) {
  const std::string drawn = files::temporary_name(name);
  const std::size_t dot = drawn.find_last_of('.');
  const unsigned long long n = std::stoull(drawn.substr(dot + 1));
  std::vector<std::string> names;
  for (int i = 1; i <= count; ++i)
    names.push_back(drawn.substr(0, dot + 1) + std::to_string(n + i));
  return names;
}

TEST(Files, TemporaryNamesDifferEveryDraw) {
  const std::string a = files::temporary_name("x");
  const std::string b = files::temporary_name("x");
  EXPECT_NE(a, b);
  EXPECT_EQ(a.rfind("x.tmp." + std::to_string(::getpid()) + ".", 0), 0u) << a;
}

TEST(Files, ATemporaryNameLeftByAnotherWriterIsSkipped) {
  TemporaryDirectory tmp;
  const std::string path = tmp / "out";
  const std::vector<std::string> taken = next_temporary_names(path, 2);
  for (const std::string& name : taken) write_bytes(name, {'o', 'l', 'd'});
  ASSERT_EQ(files::write_atomically(path, "new"), "");
  EXPECT_EQ(text_of(path), "new");
  for (const std::string& name : taken) EXPECT_EQ(text_of(name), "old") << name;
}

TEST(Files, EveryTemporaryNameTakenSaysSoAndLeavesThemAlone) {
  TemporaryDirectory tmp;
  const std::string path = tmp / "out";
  const std::vector<std::string> taken = next_temporary_names(path, 16);
  for (const std::string& name : taken) write_bytes(name, {'o', 'l', 'd'});
  EXPECT_EQ(files::write_atomically(path, "new"),
            "cannot create a file next to " + path + ": File exists");
  EXPECT_FALSE(fs::exists(path));
  for (const std::string& name : taken) EXPECT_EQ(text_of(name), "old") << name;
}

TEST(Files, AFailedRenameRemovesTheNewFileAndLeavesTheOldOne) {
  TemporaryDirectory tmp;
  const std::string path = tmp / "taken";
  ASSERT_EQ(::mkdir(path.c_str(), 0700), 0);
  write_bytes(tmp / "taken/inside", {'k'});  // a directory in the way, not empty
  const std::string error = files::write_atomically(path, "x");
  EXPECT_EQ(error.rfind("cannot rename " + path + ".tmp.", 0), 0u) << error;
  EXPECT_NE(error.find(" to " + path + ": "), std::string::npos) << error;
  EXPECT_EQ(names_in(tmp.path()), std::vector<std::string>{"taken"});
  EXPECT_EQ(text_of(tmp / "taken/inside"), "k");
}

TEST(Files, AFailedWriteRemovesTheNewFileAndLeavesTheOldOne) {
  // A file size limit makes write() fail part way (EFBIG); set in a child, so it binds only there.
  TemporaryDirectory tmp;
  const std::string path = tmp / "out.txt";
  ASSERT_EQ(files::write_atomically(path, "old"), "");
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const std::string error = files::write_atomically(path, std::string(1 << 20, 'x'));
    (void)!::write(pipe_fds[1], error.data(), error.size());
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string error;
  char buffer[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) error.append(buffer, n);
  ::close(pipe_fds[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_EQ(error.rfind("cannot write " + path + ".tmp.", 0), 0u) << error;
  EXPECT_NE(error.find(": File too large"), std::string::npos) << error;
  EXPECT_EQ(names_in(tmp.path()), std::vector<std::string>{"out.txt"});
  EXPECT_EQ(text_of(path), "old");
}

TEST(Files, MakeDirectoriesCreatesMissingParentsPrivatelyAndLeavesExistingOnesAlone) {
  TemporaryDirectory tmp;
  ASSERT_EQ(::mkdir((tmp / "open").c_str(), 0755), 0);
  ASSERT_EQ(::chmod((tmp / "open").c_str(), 0755), 0);
  EXPECT_EQ(files::make_directories(tmp / "open/a/b/c/"), "");
  EXPECT_TRUE(fs::is_directory(tmp / "open/a/b/c"));
  EXPECT_EQ(mode_of(tmp / "open/a"), 0700u & ~current_umask());
  EXPECT_EQ(mode_of(tmp / "open/a/b/c"), 0700u & ~current_umask());
  EXPECT_EQ(mode_of(tmp / "open"), 0755u);
  EXPECT_EQ(files::make_directories(tmp / "open/a/b"), "");
  EXPECT_EQ(files::make_directories(tmp / "open"), "");
}

TEST(Files, MakeDirectoriesWhereAFileIsInTheWaySaysWhichAndWhy) {
  TemporaryDirectory tmp;
  write_bytes(tmp / "file", {'x'});
  EXPECT_EQ(files::make_directories(tmp / "file"),
            "cannot create directory '" + (tmp / "file") + "': Not a directory");
  EXPECT_EQ(files::make_directories(tmp / "file/sub/deeper"),
            "cannot create directory '" + (tmp / "file/sub/deeper") + "': Not a directory");
}

TEST(Files, MakeDirectoriesWithNothingLeftToCreateUnderSaysWhichAndWhy) {
  // Relative to a working directory that has been removed: no parent can be made.
  TemporaryDirectory tmp;
  const fs::path before = fs::current_path();
  ASSERT_EQ(::mkdir((tmp / "gone").c_str(), 0700), 0);
  fs::current_path(tmp / "gone");
  ASSERT_EQ(::rmdir((tmp / "gone").c_str()), 0);
  const std::string error = files::make_directories("a/b");
  fs::current_path(before);
  EXPECT_EQ(error, "cannot create directory 'a': No such file or directory");
}

}  // namespace
}  // namespace tiletune
