// The locks and places of the results file: every wait for a lock has a deadline (a stopped holder
// costs one wait and a warning, never a hang), shared readers and a removed lock file are safe,
// results files in one directory keep their tuning locks apart, lock files go when their holder is
// done, and a results file is used only in a directory of this user's that no one else may write;
// nothing is created beside a refused one.
#include "store/file_lock.h"
#include "store/results_file.h"
#include "store/tuning_lock.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

namespace fs = std::filesystem;
using detail::FileLock;
using detail::ResultsFile;
using detail::StoredResult;
using detail::TuningLock;
using std::chrono::milliseconds;
using testing::LogFile;
using testing::TemporaryDirectory;

StoredResult result(long long n) {
  StoredResult r;
  r.site = "vadd.cu:12 vadd<$tile>";
  r.code = "00000000000000aa";
  r.device = "fake-sm90";
  r.key = key(n);
  r.space_checksum = 1;
  r.axis_names = {"tile"};
  r.best = Config{64};
  r.median_ms = 1;
  return r;
}

// A process that takes the exclusive lock on `path`, says so, and stops itself (SIGSTOP): a
// holder that will never release it. Killed by the caller.
pid_t stopped_holder(const std::string& path) {
  int ready[2];
  EXPECT_EQ(::pipe(ready), 0);
  const pid_t pid = ::fork();
  if (pid == 0) {
    FileLock lock(path, milliseconds(0));
    (void)!::write(ready[1], lock.held() ? "y" : "n", 1);
    ::raise(SIGSTOP);
    ::_exit(0);
  }
  ::close(ready[1]);
  char c = 'n';
  EXPECT_EQ(::read(ready[0], &c, 1), 1);
  EXPECT_EQ(c, 'y');
  ::close(ready[0]);
  return pid;
}

void end(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
}

TEST(FileLock, SharedHoldersCoexistAndKeepAnExclusiveOneOut) {
  TemporaryDirectory dir;
  const std::string path = dir / "f.lock";
  FileLock a(path, milliseconds(0), FileLock::Mode::kShared);
  FileLock b(path, milliseconds(0), FileLock::Mode::kShared);
  EXPECT_TRUE(a.held());
  EXPECT_TRUE(b.held());
  FileLock c(path, milliseconds(20));
  EXPECT_FALSE(c.held());
  EXPECT_TRUE(c.busy());
  EXPECT_EQ(c.error(), "another process held the lock on " + path + " longer than 0.02 s");
}

TEST(FileLock, AWaiterOnARemovedLockFileLocksTheFileNowAtThePath) {
  TemporaryDirectory dir;
  const std::string path = dir / "k.lock";
  std::optional<FileLock> holder;
  holder.emplace(path, milliseconds(0));
  ASSERT_TRUE(holder->held());
  bool waiter_held = false, same_file = false;
  std::thread waiter([&] {
    // Opens the file the holder has, and waits on it.
    FileLock lock(path, milliseconds(10000));
    waiter_held = lock.held();
    struct stat named {};
    same_file = ::stat(path.c_str(), &named) == 0;
    // While this one holds the lock, no one else has it: a third contender is refused.
    FileLock third(path, milliseconds(0));
    waiter_held = waiter_held && !third.held() && third.busy();
  });
  std::this_thread::sleep_for(milliseconds(20));  // let the waiter open the old file (or not)
  holder->release_and_remove();
  waiter.join();
  EXPECT_TRUE(waiter_held);
  EXPECT_TRUE(same_file) << "the waiter holds a file that is at the path";
}

TEST(ResultsFileLock, AStoppedHolderCostsOneWaitAndAWarningNotAHang) {
  TemporaryDirectory dir;
  const std::string path = dir / "results.txt";
  ResultsFile(path, nullptr, milliseconds(1000)).store(result(1));
  const pid_t holder = stopped_holder(path + ".lock");
  LogFile log;
  ResultsFile file(path, log.get(), milliseconds(200));
  file.store(result(2));  // a read and a write, each given up after 0.2 s
  file.store(result(3));  // given up already: no second wait
  const std::string text = log.text();
  end(holder);
  EXPECT_TRUE(file.find(result(2)).has_value()) << "kept in memory";
  EXPECT_TRUE(file.find(result(3)).has_value());
  EXPECT_FALSE(file.find(result(1)).has_value()) << "the file was not read";
  const std::string waiting =
      "tiletune: another process holds the lock on " + path + ".lock: waiting up to 0.2 s\n";
  const std::string gave_up = "tiletune: another process held the lock on " + path +
                              ".lock longer than 0.2 s; results are kept in memory only\n";
  EXPECT_EQ(text, waiting + gave_up);
}

TEST(ResultsFileLock, TheLockTimeoutIsTheTuningLocksMessageToo) {
  TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  const StoredResult identity = result(1);
  { TuningLock first(results, identity, milliseconds(0), nullptr); }  // makes the lock directory
  const pid_t holder = stopped_holder(TuningLock::path_for(results, identity));
  LogFile log;
  { TuningLock lock(results, identity, milliseconds(50), log.get()); }
  end(holder);
  EXPECT_NE(log.text().find("another process held the lock on " +
                            TuningLock::path_for(results, identity) + " longer than 0.05 s"),
            std::string::npos)
      << log.text();
}

TEST(TuningLocks, ResultsFilesInOneDirectoryKeepTheirLocksApart) {
  TemporaryDirectory dir;
  const StoredResult identity = result(1);
  TuningLock a(dir / "a.txt", identity, milliseconds(0), nullptr);
  TuningLock b(dir / "b.txt", identity, milliseconds(0), nullptr);
  EXPECT_TRUE(a.held());
  EXPECT_TRUE(b.held()) << "another results file's tuning of the same identity";
  TuningLock a_again(dir / "a.txt", identity, milliseconds(0), nullptr);
  EXPECT_FALSE(a_again.held());
}

TEST(TuningLocks, AHolderRemovesItsLockFileWhenDone) {
  TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  for (long long n = 0; n < 100; ++n) {
    TuningLock lock(results, result(n), milliseconds(0), nullptr);
    EXPECT_TRUE(lock.held());
    EXPECT_TRUE(fs::exists(TuningLock::path_for(results, result(n))));
  }
  EXPECT_TRUE(fs::is_empty(results + ".locks")) << "one file per key left behind";
}

TEST(TuningLocks, AnUntrustedLockDirectoryIsNotUsedAndSaysSo) {
  TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  ASSERT_EQ(::mkdir((results + ".locks").c_str(), 0700), 0);
  ASSERT_EQ(::chmod((results + ".locks").c_str(), 0777), 0);
  LogFile log;
  TuningLock lock(results, result(1), milliseconds(0), log.get());
  EXPECT_FALSE(lock.held());
  EXPECT_NE(log.text().find("lock directory '" + results +
                            ".locks' is writable by group or others (mode 0777); tuning without "
                            "the lock"),
            std::string::npos)
      << log.text();
  EXPECT_TRUE(fs::is_empty(results + ".locks"));
}

// What is in `directory` now.
std::vector<std::string> names_in(const std::string& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory))
    names.push_back(entry.path().filename().string());
  return names;
}

// A store, a reload and a tuning lock at `results`, as a first launch does them.
std::string first_launch_at(const std::string& results) {
  LogFile log;
  ResultsFile file(results, log.get(), milliseconds(1000));
  file.reload();
  { TuningLock lock(results, result(1), milliseconds(0), log.get()); }
  file.store(result(1));
  EXPECT_TRUE(file.find(result(1)).has_value());
  return log.text();
}

TEST(ResultsPlace, AGroupWritableDirectoryIsRefusedAndNothingIsCreatedInIt) {
  TemporaryDirectory dir;
  const std::string shared = dir / "shared";
  ASSERT_EQ(::mkdir(shared.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(shared.c_str(), 0775), 0);
  const std::string log = first_launch_at(shared + "/results.txt");
  EXPECT_EQ(log, "tiletune: results directory '" + shared +
                     "' is writable by group or others (mode 0775): results file '" + shared +
                     "/results.txt' is neither read nor replaced (set TILETUNE_RESULTS_FILE to "
                     "a file in a directory of your own that only you may write); results are "
                     "kept in memory only\n");
  EXPECT_TRUE(names_in(shared).empty());
}

TEST(ResultsPlace, AnotherUsersDirectoryIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a directory to another user needs root";
  TemporaryDirectory dir;
  const std::string theirs = dir / "theirs";
  ASSERT_EQ(::mkdir(theirs.c_str(), 0755), 0);
  ASSERT_EQ(::chown(theirs.c_str(), 12345, 12345), 0);
  const std::string log = first_launch_at(theirs + "/results.txt");
  EXPECT_NE(
      log.find("results directory '" + theirs + "' belongs to user 12345, not to this user (0)"),
      std::string::npos)
      << log;
  EXPECT_TRUE(names_in(theirs).empty());
}

TEST(ResultsPlace, ARefusedResultsFileGetsNoLockBesideIt) {
  TemporaryDirectory dir;
  const std::string fifo = dir / "results.txt";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string log = first_launch_at(fifo);
  EXPECT_NE(log.find("results file '" + fifo + "' is not a regular file"), std::string::npos)
      << log;
  EXPECT_EQ(names_in(dir.path().string()), std::vector<std::string>{"results.txt"});
}

TEST(ResultsPlace, DevNullAsTheResultsFileGetsNoLockBesideIt) {
  if (fs::exists("/dev/null.lock") || fs::exists("/dev/null.locks"))
    GTEST_SKIP() << "left by an earlier version; remove /dev/null.lock and /dev/null.locks";
  first_launch_at("/dev/null");
  EXPECT_FALSE(fs::exists("/dev/null.lock"));
  EXPECT_FALSE(fs::exists("/dev/null.locks"));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

}  // namespace
}  // namespace tiletune
