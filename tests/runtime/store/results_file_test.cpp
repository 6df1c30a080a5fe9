// The results file: its text round-trips, a second runtime (as a second process would) starts from
// it, a changed space or another GPU is tuned again, and damage or an unwritable place is survived.
#include "store/results_file.h"
#include "runtime.h"
#include "store/results_format.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <unistd.h>

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

}  // namespace
}  // namespace tiletune
