// The one logger: which lines each TILETUNE_LOG level prints, how a line reads, and that lines
// written by many threads at once come out whole.
#include "log/logger.h"
#include "support/log_file.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace tiletune::detail {
namespace {

using testing::LogFile;

std::string said_at(int level) {
  LogFile file;
  const Logger log(file.get(), level);
  log.line(LogLevel::notice, "a notice");
  log.line(LogLevel::detail, "a detail");
  log.line(LogLevel::sample, "a sample");
  return file.text();
}

TEST(Logger, EachLevelPrintsItsLinesAndThoseBelow) {
  EXPECT_EQ(said_at(0), "tiletune: a notice\n");
  EXPECT_EQ(said_at(1), "tiletune: a notice\ntiletune: a detail\n");
  EXPECT_EQ(said_at(2), "tiletune: a notice\ntiletune: a detail\ntiletune: a sample\n");
}

TEST(Logger, SaysWhetherALineWouldBePrinted) {
  LogFile file;
  EXPECT_TRUE(Logger(file.get(), 1).prints(LogLevel::detail));
  EXPECT_FALSE(Logger(file.get(), 1).prints(LogLevel::sample));
  EXPECT_FALSE(Logger(nullptr, 2).prints(LogLevel::notice)) << "no file: nothing is printed";
  EXPECT_FALSE(Logger().prints(LogLevel::notice));
}

TEST(Logger, AWarningIsPrintedAtEveryLevelAndATextAsItIs) {
  LogFile file;
  const Logger log(file.get(), 0);
  log.warning("TILETUNE_LOG='x' is not a whole number");
  log.text(LogLevel::notice, "a table\nof two lines\n");
  log.text(LogLevel::detail, "not at level 0\n");
  EXPECT_EQ(file.text(),
            "tiletune: warning: TILETUNE_LOG='x' is not a whole number\na table\nof two lines\n");
}

TEST(Logger, LinesOfManyThreadsComeOutWhole) {
  LogFile file;
  const Logger log(file.get(), 0);
  constexpr int kThreads = 8, kLines = 500;
  const std::string padding(200, 'x');  // long enough that a split write would show
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < kLines; ++i)
        log.line(LogLevel::notice, std::to_string(t) + " " + std::to_string(i) + " " + padding);
    });
  for (std::thread& t : threads) t.join();
  std::istringstream lines(file.text());
  std::set<std::string> seen;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string prefix, thread, index, rest;
    fields >> prefix >> thread >> index >> rest;
    ASSERT_EQ(prefix, "tiletune:") << line;
    ASSERT_EQ(rest, padding) << line;
    seen.insert(thread + " " + index);
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kThreads * kLines));
}

}  // namespace
}  // namespace tiletune::detail
