// The results file: its text round-trips, a second runtime (as a second process would) starts from
// it, a changed space or another GPU is tuned again, and damage or an unwritable place is survived.
#include "store/results_file.h"
#include "runtime.h"
#include "store/results_format.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
namespace fs = std::filesystem;

SiteInfo vadd_site() {
  SiteInfo info;
  info.file = "/src/project/vadd.cu";
  info.line = 12;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd() {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128, 256}}, {"occupancy", {1, 2}}});
  return info;
}

double vadd_cost(const std::string& variant, const Geometry&) {
  return variant == "vadd<(128)>|occ=2|ntid=128" ? 1.0 : 2.0;
}

Geometry vadd_geometry(const Config& c, long long n) {
  return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
}

// A runtime as one process would have it, with its results in `file`.
struct Process {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  explicit Process(const std::string& file, std::string device_id = "fake-sm90",
                   std::FILE* log = nullptr) {
    auto d = std::make_unique<FakeDevice>(vadd_cost);
    d->device_info.id = std::move(device_id);
    device = d.get();
    RuntimeOptions options;
    options.log = log;
    options.log_level = log ? 1 : 0;
    options.results_file = file;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }

  TuningResult launch(SiteInfo info, long long n) {
    Site site(std::move(info), runtime.get());
    void* args[1] = {&n};
    site.launch(
        key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
    return *site.result(key(n));
  }
};

class ResultsFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("tiletune-results-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file() const { return (dir_ / "sub" / "results.txt").string(); }
  std::string text() const {
    std::ifstream in(file());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path dir_;
};

TEST(ResultsFormat, TextRoundTrips) {
  detail::StoredResult a;
  a.site = "vadd.cu:12 vadd<$tile>";
  a.device = "NVIDIA H200 sm_90 132SM";
  a.key = key(1048576, -3);
  a.hints = Hints{2, 0};
  a.space_checksum = 0x0123456789abcdefull;
  a.axis_names = {"tile", "occupancy"};
  a.best = Config{128, 2};
  a.median_ms = 0.0125;
  detail::StoredResult b = a;
  b.key = key();
  b.device = "other";
  std::string text = detail::format_results({a, b});
  std::vector<std::string> problems;
  std::vector<detail::StoredResult> back = detail::parse_results(text, "r.txt", &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(back.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const detail::StoredResult& want = i ? b : a;
    EXPECT_TRUE(back[i].same_identity(want));
    EXPECT_EQ(back[i].space_checksum, want.space_checksum);
    EXPECT_EQ(back[i].axis_names, want.axis_names);
    EXPECT_EQ(back[i].best, want.best);
    EXPECT_DOUBLE_EQ(back[i].median_ms, want.median_ms);
  }
  // Readable: the winner by axis name.
  EXPECT_NE(text.find("best = tile=128 occupancy=2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("[vadd.cu:12 vadd<$tile>]\ndevice = NVIDIA H200 sm_90 132SM\n"),
            std::string::npos)
      << text;
}

TEST(ResultsFormat, AWinnerChosenWhenTheBudgetRanOutSaysSoAndReadsBack) {
  detail::StoredResult a;
  a.site = "mm.cu:7 mm<$bm>";
  a.device = "fake";
  a.key = key(1);
  a.space_checksum = 1;
  a.axis_names = {"bm"};
  a.best = Config{64};
  a.median_ms = 1;
  detail::StoredResult b = a;
  b.device = "other";
  a.stopped = "budget";
  const std::string text = detail::format_results({a, b});
  EXPECT_NE(text.find("median_ms = 1\nstopped = budget\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("stopped"), text.rfind("stopped")) << "only the stopped one says so";
  std::vector<std::string> problems;
  const std::vector<detail::StoredResult> back = detail::parse_results(text, "r.txt", &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].stopped, "budget");
  EXPECT_EQ(back[1].stopped, "");
}

TEST(ResultsFormat, AMalformedBlockIsSkippedAndSaysWhere) {
  std::string text =
      "# comment\n"
      "[a.cu:1 k<$t>]\n"
      "device = d\n"
      "key = 1, x\n"
      "space = 0000000000000001\n"
      "best = t=1\n"
      "\n"
      "[a.cu:2 k<$t>]\n"
      "device = d\n"
      "key = 5\n"
      "best = t=2\n"
      "\n"
      "[a.cu:3 k<$t>]\n"
      "device = d\n"
      "key = 5\n"
      "space = 0000000000000002\n"
      "best = t=3\n"
      "future_field = whatever\n";
  std::vector<std::string> problems;
  std::vector<detail::StoredResult> results = detail::parse_results(text, "r.txt", &problems);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].site, "a.cu:3 k<$t>");
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0],
            "r.txt:4: key '1, x' is not a list of up to 8 integers; the result for 'a.cu:1 k<$t>' "
            "is ignored");
  EXPECT_EQ(problems[1], "r.txt:8: result for 'a.cu:2 k<$t>' has no 'space' line; it is ignored");
}

TEST_F(ResultsFileTest, ASecondProcessStartsFromTheFile) {
  TuningResult first = Process(file()).launch(vadd_site(), 4096);
  EXPECT_FALSE(first.from_file);
  EXPECT_EQ(first.best_config(), (Config{128, 2}));
  EXPECT_NE(text().find("[vadd.cu:12 vadd<$tile>]"), std::string::npos) << text();
  EXPECT_NE(text().find("best = tile=128 occupancy=2"), std::string::npos) << text();

  Process second(file());
  TuningResult r = second.launch(vadd_site(), 4096);
  EXPECT_TRUE(r.from_file);
  EXPECT_EQ(r.best_config(), (Config{128, 2}));
  EXPECT_DOUBLE_EQ(r.measurements[r.best].median_ms, 1.0);
  EXPECT_EQ(second.compiler->compiles.load(), 1);  // the winner only
  EXPECT_TRUE(second.device->timed().empty());
  ASSERT_EQ(second.device->launches().size(), 1u);
  EXPECT_EQ(second.device->launches()[0], "vadd<(128)>|occ=2|ntid=128");
}

TEST_F(ResultsFileTest, AChangedSpaceIsTunedAgainAndTheFileUpdated) {
  Process(file()).launch(vadd_site(), 4096);
  std::string before = text();
  SiteInfo changed = vadd_site();
  changed.space = Space::cartesian({{"tile", {64, 128, 256, 512}}, {"occupancy", {1, 2}}});
  std::FILE* log = std::tmpfile();
  Process second(file(), "fake-sm90", log);
  TuningResult r = second.launch(changed, 4096);
  EXPECT_FALSE(r.from_file);
  EXPECT_FALSE(second.device->timed().empty());
  EXPECT_NE(text(), before);
  std::rewind(log);
  char line[512] = {};
  ASSERT_TRUE(std::fgets(line, sizeof line, log));
  EXPECT_NE(std::string(line).find("is for another space (checksum differs): tuning again"),
            std::string::npos)
      << line;
  std::fclose(log);
  // And now the file is for the new space.
  TuningResult third = Process(file()).launch(changed, 4096);
  EXPECT_TRUE(third.from_file);
}

TEST_F(ResultsFileTest, AnotherGpuOrKeyIsTunedAgainAndBothAreKept) {
  Process(file()).launch(vadd_site(), 4096);
  Process other_gpu(file(), "fake-sm100");
  EXPECT_FALSE(other_gpu.launch(vadd_site(), 4096).from_file);
  Process other_key(file());
  EXPECT_FALSE(other_key.launch(vadd_site(), 8192).from_file);
  std::vector<std::string> problems;
  EXPECT_EQ(detail::parse_results(text(), file(), &problems).size(), 3u);
  EXPECT_TRUE(Process(file(), "fake-sm100").launch(vadd_site(), 4096).from_file);
}

TEST_F(ResultsFileTest, ClearingASiteRemovesItsResultsFromTheFile) {
  Process p(file());
  Site site(vadd_site(), p.runtime.get());
  long long n = 4096;
  void* args[1] = {&n};
  site.launch(
      key(n), [&](const Config& c) { return vadd_geometry(c, n); }, args);
  ASSERT_NE(text().find("key = 4096"), std::string::npos);
  site.clear(key(n));
  EXPECT_EQ(text().find("key = 4096"), std::string::npos) << text();
  EXPECT_FALSE(Process(file()).launch(vadd_site(), 4096).from_file);
}

TEST_F(ResultsFileTest, AStoredWinnerThatNoLongerLoadsIsTunedAgain) {
  Process(file()).launch(vadd_site(), 4096);
  std::FILE* log = std::tmpfile();
  Process second(file(), "fake-sm90", log);
  second.compiler->fail_if = [](const std::string& v) { return v == "vadd<(128)>|occ=2|ntid=128"; };
  TuningResult r = second.launch(vadd_site(), 4096);
  EXPECT_FALSE(r.from_file);
  EXPECT_EQ(r.best_config(), (Config{64, 1}));  // all others cost the same: the first wins
  std::fclose(log);
}

TEST_F(ResultsFileTest, AnUnwritablePlaceKeepsResultsInMemoryWithOneWarning) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "sub") << "a file where the directory should be";
  std::FILE* log = std::tmpfile();
  Process p(file(), "fake-sm90", log);
  TuningResult r = p.launch(vadd_site(), 4096);
  EXPECT_EQ(r.best_config(), (Config{128, 2}));
  std::rewind(log);
  std::string all;
  char line[512];
  while (std::fgets(line, sizeof line, log)) all += line;
  std::fclose(log);
  EXPECT_NE(all.find("cannot create directory '" + (dir_ / "sub").string() + "': Not a directory"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("results are kept in memory only"), std::string::npos) << all;
}

TEST_F(ResultsFileTest, ALockThatCannotBeTakenKeepsResultsInMemoryWithOneWarning) {
  fs::create_directories(dir_ / "sub" /
                         "results.txt.lock");  // a directory cannot be opened to lock
  std::FILE* log = std::tmpfile();
  Process p(file(), "fake-sm90", log);
  EXPECT_EQ(p.launch(vadd_site(), 4096).best_config(), (Config{128, 2}));
  TuningResult again = p.launch(vadd_site(), 8192);
  EXPECT_FALSE(again.from_file);
  std::rewind(log);
  std::string all;
  char line[512];
  while (std::fgets(line, sizeof line, log)) all += line;
  std::fclose(log);
  const std::string warning = "tiletune: cannot open " + file() +
                              ".lock: Is a directory; results are kept in memory only\n";
  const std::size_t at = all.find(warning);
  EXPECT_NE(at, std::string::npos) << all;
  EXPECT_EQ(all.find(warning, at + 1), std::string::npos) << "warned twice:\n" << all;
  EXPECT_FALSE(fs::exists(file()));
}

TEST(ResultsFormat, AMalformedBlockIsKeptVerbatimAndWrittenBackAsItWas) {
  const std::string bad =
      "[a.cu:1 k<$t>]\n"
      "device = d\n"
      "key = 1, x   # mend me\n"
      "space = 0000000000000001\n"
      "best = t=1\n";
  const std::string text = bad +
                           "\n\n[a.cu:3 k<$t>]\ndevice = d\nkey = 5\n"
                           "space = 0000000000000002\nbest = t=3\n";
  std::vector<std::string> problems;
  std::vector<std::string> unreadable;
  std::vector<detail::StoredResult> results =
      detail::parse_results(text, "r.txt", &problems, &unreadable);
  ASSERT_EQ(results.size(), 1u);
  ASSERT_EQ(unreadable.size(), 1u);
  EXPECT_EQ(unreadable[0], bad);
  // Written back and read again, it is the same block, once.
  const std::string again = detail::format_results(results, unreadable);
  std::vector<std::string> unreadable_again;
  detail::parse_results(again, "r.txt", &problems, &unreadable_again);
  EXPECT_EQ(unreadable_again, unreadable);
  EXPECT_EQ(detail::format_results(results, unreadable_again), again);
}

TEST(ResultsFormat, LinesOfJunkGiveAFewProblemsAndOneCount) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += "junk " + std::to_string(i) + "\n";
  std::vector<std::string> problems;
  EXPECT_TRUE(detail::parse_results(text, "r.txt", &problems).empty());
  ASSERT_EQ(problems.size(), 6u);
  EXPECT_EQ(problems[0], "r.txt:1: expected '[site]' before 'junk 0'");
  EXPECT_EQ(problems[5], "r.txt: 995 more problems not shown");
}

// Everything `log` received.
std::string logged(std::FILE* log) {
  std::rewind(log);
  std::string all;
  char line[1024];
  while (std::fgets(line, sizeof line, log)) all += line;
  return all;
}

TEST_F(ResultsFileTest, AMalformedBlockSurvivesTheNextSave) {
  fs::create_directories(dir_ / "sub");
  const std::string bad = "[elsewhere.cu:3 k<$t>]\ndevice = d\nkey = oops\n";
  std::ofstream(file()) << bad;
  fs::permissions(file(), fs::perms::owner_read | fs::perms::owner_write);
  Process(file()).launch(vadd_site(), 4096);
  EXPECT_NE(text().find(bad), std::string::npos) << text();
  EXPECT_NE(text().find("[vadd.cu:12 vadd<$tile>]"), std::string::npos) << text();
}

TEST_F(ResultsFileTest, AFifoAtTheResultsPathIsRefusedWithoutBlocking) {
  fs::create_directories(dir_ / "sub");
  ASSERT_EQ(::mkfifo(file().c_str(), 0600), 0);
  std::FILE* log = std::tmpfile();
  // A blocking open would wait for a writer that never comes.
  EXPECT_EQ(Process(file(), "fake-sm90", log).launch(vadd_site(), 4096).best_config(),
            (Config{128, 2}));
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("results file '" + file() +
                     "' is not a regular file: it is neither read nor replaced (remove it, or set "
                     "TILETUNE_RESULTS_FILE to another path); results are kept in memory only"),
            std::string::npos)
      << all;
  EXPECT_TRUE(fs::is_fifo(file()));  // not renamed over
}

TEST_F(ResultsFileTest, ASymbolicLinkIsNeitherFollowedNorReplaced) {
  fs::create_directories(dir_ / "sub");
  const std::string target = (dir_ / "target.txt").string();
  std::ofstream(target) << "# the user's\n";
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink(target, file());
  std::FILE* log = std::tmpfile();
  Process(file(), "fake-sm90", log).launch(vadd_site(), 4096);
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("results file '" + file() + "' is a symbolic link"), std::string::npos) << all;
  EXPECT_NE(all.find("point TILETUNE_RESULTS_FILE at the file itself"), std::string::npos) << all;
  EXPECT_TRUE(fs::is_symlink(file()));
  std::ifstream in(target);
  std::stringstream still;
  still << in.rdbuf();
  EXPECT_EQ(still.str(), "# the user's\n");
}

TEST_F(ResultsFileTest, AFileOthersCanWriteIsNotTrusted) {
  fs::create_directories(dir_ / "sub");
  {
    Process writer(file());
    writer.launch(vadd_site(), 4096);
  }
  const std::string before = text();
  ASSERT_EQ(::chmod(file().c_str(), 0666), 0);
  std::FILE* log = std::tmpfile();
  TuningResult r = Process(file(), "fake-sm90", log).launch(vadd_site(), 4096);
  EXPECT_FALSE(r.from_file);
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("results file '" + file() +
                     "' is writable by group or others (mode 0666): it is neither read nor "
                     "replaced (chmod go-w it)"),
            std::string::npos)
      << all;
  EXPECT_EQ(text(), before);
}

TEST_F(ResultsFileTest, AFileOfAnotherUserIsNotTrusted) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a file to another user needs root";
  fs::create_directories(dir_ / "sub");
  std::ofstream(file()) << "# someone else's\n";
  ASSERT_EQ(::chmod(file().c_str(), 0600), 0);
  ASSERT_EQ(::chown(file().c_str(), 12345, 12345), 0);
  std::FILE* log = std::tmpfile();
  Process(file(), "fake-sm90", log).launch(vadd_site(), 4096);
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("results file '" + file() + "' belongs to user 12345, not to this user (0)"),
            std::string::npos)
      << all;
  EXPECT_EQ(text(), "# someone else's\n");
}

TEST_F(ResultsFileTest, AFileOverTheSizeLimitIsRefusedUnread) {
  fs::create_directories(dir_ / "sub");
  std::ofstream(file()) << "";
  ASSERT_EQ(::chmod(file().c_str(), 0600), 0);
  ASSERT_EQ(::truncate(file().c_str(), off_t{257} << 20), 0);  // sparse: nothing written
  std::FILE* log = std::tmpfile();
  Process(file(), "fake-sm90", log).launch(vadd_site(), 4096);
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("results file '" + file() + "' is larger than 256 MiB (269484032 bytes)"),
            std::string::npos)
      << all;
  EXPECT_EQ(fs::file_size(file()), std::uintmax_t{257} << 20);
}

TEST_F(ResultsFileTest, ALockFileThatIsASymbolicLinkIsNotFollowed) {
  fs::create_directories(dir_ / "sub");
  const fs::path elsewhere = dir_ / "elsewhere.lock";
  fs::create_symlink(elsewhere, file() + ".lock");
  std::FILE* log = std::tmpfile();
  Process(file(), "fake-sm90", log).launch(vadd_site(), 4096);
  const std::string all = logged(log);
  std::fclose(log);
  EXPECT_NE(all.find("cannot open " + file() + ".lock: Too many levels of symbolic links"),
            std::string::npos)
      << all;
  EXPECT_FALSE(fs::exists(elsewhere));
  EXPECT_FALSE(fs::exists(file()));
}

}  // namespace
}  // namespace tiletune
