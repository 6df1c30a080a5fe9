// Processes sharing one results file tune each key once: real processes (fork), the fake device
// in each. One holds the tuning lock while the others wait and take its winner; a holder killed
// mid-tuning leaves the lock to the next and nothing torn behind.
#include "runtime.h"
#include "store/file_lock.h"
#include "store/results_format.h"
#include "store/tuning_lock.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/temporary_directory.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::launch_vadd;

SiteInfo vadd_site() {
  return testing::vadd_site(Space::cartesian({{"tile", {64, 128, 256}}, {"occupancy", {1, 2}}}),
                            12);
}

// What a child process reports through a pipe: "tuned CONFIG", "file CONFIG" or "error WHAT".
std::string run_one_launch(const std::string& results, const std::string& log_path,
                           const std::function<void()>& while_tuning) {
  std::FILE* log = log_path.empty() ? nullptr : std::fopen(log_path.c_str(), "w");
  if (log) std::setvbuf(log, nullptr, _IONBF, 0);
  bool told = false;
  auto d = std::make_unique<FakeDevice>([&](const std::string& v, const Geometry&) {
    if (!told && while_tuning) {
      told = true;
      while_tuning();
    }
    return v.find("(128)") != std::string::npos ? 1.0 : 2.0;
  });
  RuntimeOptions options;
  options.log = log;
  options.results_file = results;
  Runtime runtime(std::move(d), std::make_shared<FakeCompiler>(), options);
  Site site(vadd_site(), &runtime);
  long long n = 1 << 20;
  launch_vadd(site, n);
  const TuningResult r = *site.result(key(n));
  return std::string(r.from_file ? "file "
                     : r.tuned   ? "tuned "
                                 : "other ") +
         vadd_site().space.describe(r.best_config());
}

struct Child {
  pid_t pid = -1;
  int report = -1;  // read end of the child's report pipe
};

Child start(const std::string& results, const std::string& log_path = "",
            std::function<void()> while_tuning = nullptr) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  Child c;
  c.pid = ::fork();
  if (c.pid == 0) {
    ::close(fds[0]);
    std::string report;
    try {
      report = run_one_launch(results, log_path, while_tuning);
    } catch (const std::exception& e) {
      report = std::string("error ") + e.what();
    }
    (void)!::write(fds[1], report.data(), report.size());
    ::_exit(0);
  }
  ::close(fds[1]);
  c.report = fds[0];
  return c;
}

// The child's report once it has exited.
std::string finish(const Child& c) {
  std::string text;
  char buffer[256];
  for (ssize_t n; (n = ::read(c.report, buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  ::close(c.report);
  int status = 0;
  ::waitpid(c.pid, &status, 0);
  return text;
}

std::string read_text(const std::string& path) {
  std::vector<char> bytes = testing::read_bytes(path);
  return std::string(bytes.begin(), bytes.end());
}

// Waits (bounded) until `path` holds `text`: another process's progress, not a timing.
bool wait_for_text(const std::string& path, const std::string& text) {
  for (int i = 0; i < 6000; ++i) {
    if (read_text(path).find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

// How many of `paths` hold `text`.
int holding(const std::vector<std::string>& paths, const std::string& text) {
  int n = 0;
  for (const std::string& p : paths) n += read_text(p).find(text) != std::string::npos;
  return n;
}

TEST(TuningAcrossProcesses, EightProcessesAtOnceTuneOnceAndAgree) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  const int processes = 8;
  std::vector<std::string> logs;
  for (int i = 0; i < processes; ++i) logs.push_back(dir / ("log." + std::to_string(i)));
  // Whoever tunes holds its first sample until every other process says it is waiting (bounded):
  // all eight are then at their first launch together. Without the lock they would all tune.
  auto hold_until_the_others_wait = [&] {
    for (int i = 0; i < 3000 && holding(logs, "another process is tuning it") < processes - 1; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  };
  std::vector<Child> children;
  for (int i = 0; i < processes; ++i)
    children.push_back(start(results, logs[i], hold_until_the_others_wait));
  int tuned = 0, from_file = 0;
  for (const Child& c : children) {
    const std::string report = finish(c);
    tuned += report == "tuned tile=128 occupancy=1";
    from_file += report == "file tile=128 occupancy=1";
    EXPECT_TRUE(report == "tuned tile=128 occupancy=1" || report == "file tile=128 occupancy=1")
        << report;
  }
  EXPECT_EQ(tuned, 1);
  EXPECT_EQ(from_file, processes - 1);
  EXPECT_EQ(holding(logs, "another process is tuning it"), processes - 1);
}

TEST(TuningAcrossProcesses, AWaitingProcessTakesTheHoldersWinnerAndSaysItWaited) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  const std::string holding = dir / "holding", waiter_log = dir / "waiter.log";
  int go[2];
  ASSERT_EQ(::pipe(go), 0);
  Child holder = start(results, "", [&] {
    ::close(go[1]);  // this process's copy: the read below ends when the test's copy closes
    testing::write_bytes(holding, {'x'});
    char c;
    (void)!::read(go[0], &c, 1);  // until the waiter is seen waiting
  });
  ::close(go[0]);
  const bool held = wait_for_text(holding, "x");
  Child waiter = start(results, waiter_log);
  const bool waited = held && wait_for_text(waiter_log, "another process is tuning it");
  (void)!::write(go[1], "g", 1);
  ::close(go[1]);
  EXPECT_TRUE(held);
  EXPECT_TRUE(waited);
  EXPECT_EQ(finish(holder), "tuned tile=128 occupancy=1");
  EXPECT_EQ(finish(waiter), "file tile=128 occupancy=1");
  EXPECT_NE(read_text(waiter_log)
                .find("tiletune: vadd.cu:12 vadd<$tile>: another process is "
                      "tuning it (" +
                      dir.path().string() + "/results.txt.locks/"),
            std::string::npos)
      << read_text(waiter_log);
}

TEST(TuningAcrossProcesses, AHolderKilledMidTuningLeavesTheLockToTheNextAndNothingTorn) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  const std::string holding = dir / "holding";
  Child victim = start(results, "", [&] {
    testing::write_bytes(holding, {'x'});
    for (;;) ::pause();
  });
  const bool held = wait_for_text(holding, "x");
  ::kill(victim.pid, SIGKILL);
  finish(victim);
  ASSERT_TRUE(held);
  EXPECT_EQ(finish(start(results)), "tuned tile=128 occupancy=1");
  std::vector<std::string> problems;
  std::vector<detail::StoredResult> stored =
      detail::parse_results(read_text(results), results, &problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(stored.size(), 1u);
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_TRUE(
        entry.path().filename() == "results.txt" || entry.path().filename() == "results.txt.lock" ||
        entry.path().filename() == "results.txt.locks" || entry.path().filename() == "holding")
        << entry.path();
  // The killed holder's lock file was the next tuner's to take, and it removed it when done.
  EXPECT_TRUE(std::filesystem::is_empty(dir / "results.txt.locks"));
}

TEST(TuningLock, ABusyLockIsGivenUpAfterTheTimeoutAndSaysSo) {
  testing::TemporaryDirectory dir;
  const std::string results = dir / "results.txt";
  detail::StoredResult identity;
  identity.site = "vadd.cu:12 vadd<$tile>";
  identity.device = "fake-sm90";
  const std::string path = detail::TuningLock::path_for(results, identity);
  testing::LogFile log;
  const detail::Logger logger(log.get(), 0);
  {
    detail::TuningLock first(results, identity, std::chrono::milliseconds(0), logger);
    ASSERT_TRUE(first.held());
    // flock locks belong to the open file: a second open in this process contends like another
    // process would.
    detail::TuningLock second(results, identity, std::chrono::milliseconds(30), logger);
    EXPECT_FALSE(second.held());
  }
  detail::TuningLock after(results, identity, std::chrono::milliseconds(0), logger);
  EXPECT_TRUE(after.held());
  const std::string text = log.text();
  EXPECT_NE(text.find("another process is tuning it (" + path + "): waiting up to 0.03 s"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("another process held the lock on " + path +
                      " longer than 0.03 s; tuning it here as well"),
            std::string::npos)
      << text;
}

TEST(TuningLock, AnUncreatableDirectoryMeansTuningWithoutTheLockAndSaysSo) {
  testing::TemporaryDirectory dir;
  testing::write_bytes(dir / "results.txt.locks", {'x'});  // a file where the directory should be
  detail::StoredResult identity;
  identity.site = "vadd.cu:12 vadd<$tile>";
  testing::LogFile log;
  const detail::Logger logger(log.get(), 0);
  detail::TuningLock lock(dir / "results.txt", identity, std::chrono::milliseconds(0), logger);
  EXPECT_FALSE(lock.held());
  const std::string text = log.text();
  EXPECT_NE(text.find("tuning without the lock that keeps processes from tuning it twice"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace tiletune
