// What a stored result belongs to: the site's code id (not its file's place), the device, the key
// and the hints; and what made it: NVRTC, the driver and tiletune. A stored result for other code
// or other versions is tuned again, with one log line saying why; a block from before code ids
// still parses and is tuned again once. A save also clears temporaries a killed writer left.
#include "hash/content_hash.h"
#include "runtime.h"
#include "store/results_file.h"
#include "store/results_format.h"
#include "support/fake_device.h"
#include "support/log_file.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::LogFile;
namespace fs = std::filesystem;

constexpr const char* kCodeA = "0123456789abcdef";
constexpr const char* kCodeB = "fedcba9876543210";

SiteInfo site(const char* id, int line = 12) {
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = line;
  info.id = id;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd() {}";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128}}});
  return info;
}

// A runtime as one process would have it, with its results in `file` and the versions given.
struct Process {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;

  Process(const std::string& file, int nvrtc, int driver, std::FILE* log = nullptr) {
    auto d = std::make_unique<FakeDevice>(
        [](const std::string& variant, const Geometry&) { return variant[6] == '1' ? 1.0 : 2.0; });
    d->device_info.id = "fake-sm90";
    d->device_info.driver_version = driver;
    device = d.get();
    compiler->nvrtc_version = nvrtc;
    RuntimeOptions options;
    options.log = log;
    options.log_level = log ? 1 : 0;
    options.results_file = file;
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }

  TuningResult launch(SiteInfo info, long long n = 4096) {
    Site s(std::move(info), runtime.get());
    void* args[1] = {&n};
    s.launch(
        key(n),
        [&](const Config& c) {
          return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
        },
        args);
    return *s.result(key(n));
  }
};

class ResultIdentity : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("tiletune-identity-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file() const { return (dir_ / "results.txt").string(); }
  std::string text() const {
    std::ifstream in(file());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  fs::path dir_;
};

TEST_F(ResultIdentity, TheFileRecordsTheCodeAndTheVersions) {
  Process(file(), 13000, 13010).launch(site(kCodeA));
  EXPECT_NE(text().find("[vadd.cu:12 vadd<$tile>]\ncode = 0123456789abcdef\n"
                        "versions = nvrtc=13.0 driver=13.1 tiletune=" TILETUNE_VERSION_TEXT "\n"),
            std::string::npos)
      << text();
}

TEST_F(ResultIdentity, AnEditAboveTheSiteKeepsItsResult) {
  EXPECT_FALSE(Process(file(), 13000, 13000).launch(site(kCodeA, 12)).from_file);
  Process moved(file(), 13000, 13000);
  EXPECT_TRUE(moved.launch(site(kCodeA, 20)).from_file);
  EXPECT_TRUE(moved.device->timed().empty());
}

TEST_F(ResultIdentity, AChangedKernelIsTunedAgainSayingWhy) {
  Process(file(), 13000, 13000).launch(site(kCodeA));
  LogFile log;
  Process changed(file(), 13000, 13000, log.get());
  EXPECT_FALSE(changed.launch(site(kCodeB)).from_file);
  EXPECT_FALSE(changed.device->timed().empty());
  EXPECT_NE(log.text().find("vadd.cu:12 vadd<$tile>: the stored result in " + file() +
                            " is for other code (kernel changed): tuning again"),
            std::string::npos)
      << log.text();
  // Stored under the new code: the next process starts from it, and says nothing about the old.
  LogFile later_log;
  Process later(file(), 13000, 13000, later_log.get());
  EXPECT_TRUE(later.launch(site(kCodeB)).from_file);
  EXPECT_EQ(later_log.text().find("other code"), std::string::npos) << later_log.text();
}

TEST_F(ResultIdentity, TwoSitesOfTheSameFileNameAndLineKeepTheirOwnResults) {
  Process(file(), 13000, 13000).launch(site(kCodeA));
  Process(file(), 13000, 13000).launch(site(kCodeB));
  Process third(file(), 13000, 13000);
  EXPECT_TRUE(third.launch(site(kCodeA)).from_file);
  EXPECT_TRUE(third.launch(site(kCodeB)).from_file);
  EXPECT_TRUE(third.device->timed().empty());
}

TEST_F(ResultIdentity, AnotherNvrtcIsTunedAgainSayingWhy) {
  Process(file(), 13000, 13000).launch(site(kCodeA));
  LogFile log;
  Process upgraded(file(), 13010, 13000, log.get());
  EXPECT_FALSE(upgraded.launch(site(kCodeA)).from_file);
  EXPECT_NE(log.text().find("was made by other versions (NVRTC 13.0 -> 13.1): tuning again"),
            std::string::npos)
      << log.text();
  EXPECT_TRUE(Process(file(), 13010, 13000).launch(site(kCodeA)).from_file);
}

TEST_F(ResultIdentity, AnotherDriverIsTunedAgainSayingWhy) {
  Process(file(), 13000, 12080).launch(site(kCodeA));
  LogFile log;
  Process upgraded(file(), 13000, 13000, log.get());
  EXPECT_FALSE(upgraded.launch(site(kCodeA)).from_file);
  EXPECT_NE(log.text().find("(driver 12.8 -> 13.0): tuning again"), std::string::npos)
      << log.text();
}

TEST_F(ResultIdentity, ABlockFromBeforeCodeIdsIsTunedAgainOnce) {
  {
    std::ofstream out(file());
    out << "[vadd.cu:12 vadd<$tile>]\n"
           "device = fake-sm90\n"
           "key = 4096\n"
           "hints = occupancy=0 num_ctas=0\n"
           "space = "
        << detail::hex64(site(kCodeA).space.checksum())
        << "\n"
           "best = tile=64\n"
           "median_ms = 1\n";
  }
  LogFile log;
  Process first(file(), 13000, 13000, log.get());
  EXPECT_FALSE(first.launch(site(kCodeA)).from_file);
  EXPECT_NE(log.text().find("is for other code (written before results named code: no code id)"),
            std::string::npos)
      << log.text();
  LogFile later_log;
  EXPECT_TRUE(Process(file(), 13000, 13000, later_log.get()).launch(site(kCodeA)).from_file);
  EXPECT_EQ(later_log.text().find("other code"), std::string::npos) << later_log.text();
}

TEST(ResultsFormatIdentity, CodeAndVersionsRoundTrip) {
  detail::StoredResult a;
  a.site = "vadd.cu:12 vadd<$tile>";
  a.code = kCodeA;
  a.versions = detail::ToolVersions{13010, 12080, "0.1.0"};
  a.device = "d";
  a.space_checksum = 1;
  a.axis_names = {"tile"};
  a.best = Config{64};
  std::vector<std::string> problems;
  std::vector<detail::StoredResult> back =
      detail::parse_results(detail::format_results({a}), "r.txt", &problems);
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].code, a.code);
  EXPECT_EQ(back[0].versions, a.versions);
  EXPECT_TRUE(back[0].same_identity(a));
  detail::StoredResult other_code = a;
  other_code.code = kCodeB;
  EXPECT_FALSE(back[0].same_identity(other_code));
}

TEST(ResultsFormatIdentity, AMalformedCodeOrVersionIsSaid) {
  const std::string block =
      "[a.cu:1 k]\ndevice = d\nkey = 1\nspace = 0000000000000001\nbest = t=1\n";
  std::vector<std::string> problems;
  EXPECT_TRUE(detail::parse_results(block + "code = xyz\n", "r.txt", &problems).empty());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("r.txt:6: code 'xyz' is not 16 hex digits"), std::string::npos)
      << problems[0];
  problems.clear();
  EXPECT_TRUE(detail::parse_results(block + "versions = nvrtc=13\n", "r.txt", &problems).empty());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("version 'nvrtc=13' is not name=major.minor"), std::string::npos)
      << problems[0];
  // A version a later tiletune records is no problem.
  problems.clear();
  EXPECT_EQ(
      detail::parse_results(block + "versions = nvrtc=13.0 nvjitlink=13.0\n", "r.txt", &problems)
          .size(),
      1u);
  EXPECT_TRUE(problems.empty());
}

TEST(ResultsFormatIdentity, VersionChangesSayWhatChanged) {
  EXPECT_EQ(detail::version_changes({13000, 13000, "0.1.0"}, {13000, 13000, "0.1.0"}), "");
  EXPECT_EQ(detail::version_changes({13000, 12080, "0.1.0"}, {13010, 13000, "0.2.0"}),
            "NVRTC 13.0 -> 13.1, driver 12.8 -> 13.0, tiletune 0.1.0 -> 0.2.0");
  EXPECT_EQ(detail::version_changes({}, {13000, 0, ""}), "NVRTC unrecorded -> 13.0");
}

TEST_F(ResultIdentity, ASaveRemovesTemporariesAKilledWriterLeft) {
  const fs::path left = dir_ / "results.txt.tmp.4242.0123456789abcdef.1f.0";
  const fs::path not_ours[] = {dir_ / "results.txtx.tmp.1", dir_ / "other.txt.tmp.1",
                               dir_ / "results.txt.lockx"};
  std::ofstream(left) << "half a file";
  for (const fs::path& p : not_ours) std::ofstream(p) << "x";
  Process(file(), 13000, 13000).launch(site(kCodeA));
  EXPECT_FALSE(fs::exists(left));
  for (const fs::path& p : not_ours) EXPECT_TRUE(fs::exists(p)) << p;
  EXPECT_TRUE(fs::exists(file()));
}

}  // namespace
}  // namespace tiletune
