// A site's construction starts, in the background, what its first tuning would otherwise start
// and wait for (Compiler::start_ahead: NVRTC worker processes and NVRTC in each, as many as the
// runtime's compile threads), and not in a process whose options say it never tunes, nor for a
// site whose winner the results file already holds (a warm restart). That it
// happens once per process however many sites ask is the worker pool's
// (front_end_processes_test: WorkersStartedAhead...).
#include "runtime.h"
#include "support/fake_device.h"
#include "support/temporary_directory.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace tiletune {
namespace {

// Records each start_ahead; compiles nothing (no test here launches).
class StartAheadRecorder final : public detail::Compiler {
 public:
  std::shared_ptr<const detail::CompiledKernel> compile(const detail::CompileRequest&) override {
    throw Error("not compiled here");
  }
  void start_ahead(unsigned threads) override { calls.push_back(threads); }
  std::vector<unsigned> calls;
};

struct Recorded {
  std::shared_ptr<StartAheadRecorder> compiler = std::make_shared<StartAheadRecorder>();
  std::unique_ptr<Runtime> runtime;

  explicit Recorded(RuntimeOptions options) {
    options.log = nullptr;
    options.workers = 3;
    runtime =
        std::make_unique<Runtime>(std::make_unique<testing::FakeDevice>(
                                      [](const std::string&, const Geometry&) { return 1.0; }),
                                  compiler, options);
  }
};

SiteInfo site_info(int line) {
  SiteInfo info;
  info.file = "k.cu";
  info.line = line;
  info.kernel = "kernel<$tile>";
  info.name_expression = "kernel<$tile>";
  info.space = Space::cartesian({{"tile", {64, 128}}});
  return info;
}

TEST(StartAhead, ASitesConstructionStartsItsRuntimesCompilesForEachCompileThread) {
  Recorded r{RuntimeOptions{}};
  EXPECT_TRUE(r.compiler->calls.empty());  // not the runtime's construction: a site's
  Site first(site_info(1), r.runtime.get());
  EXPECT_EQ(r.compiler->calls, (std::vector<unsigned>{3}));
  Site second(site_info(2), r.runtime.get());  // asks again: the compiler starts once
  EXPECT_EQ(r.compiler->calls, (std::vector<unsigned>{3, 3}));
}

TEST(StartAhead, NotForASiteWhoseWinnerTheResultsFileHoldsButForOneWithoutOne) {
  testing::TemporaryDirectory dir;
  RuntimeOptions options;
  options.results_file = dir / "results.txt";
  {
    // An earlier run of the program tunes the site at line 1 and stores its winner.
    options.log = nullptr;
    Runtime earlier(std::make_unique<testing::FakeDevice>(
                        [](const std::string&, const Geometry&) { return 1.0; }),
                    std::make_shared<testing::FakeCompiler>(), options);
    Site site(site_info(1), &earlier);
    long long n = 4096;
    void* args[1] = {&n};
    site.launch(
        key(n),
        [](const Config& c) {
          return Geometry{Dim(64), Dim(c[0]), 0, nullptr};
        },
        args);
  }
  Recorded warm{options};
  Site stored(site_info(1), warm.runtime.get());  // its winner is on disk: nothing started
  EXPECT_TRUE(warm.compiler->calls.empty());
  Site fresh(site_info(2), warm.runtime.get());  // no winner: this one may tune
  EXPECT_EQ(warm.compiler->calls, (std::vector<unsigned>{3}));
}

TEST(StartAhead, NotInAProcessThatNeverTunes) {
  RuntimeOptions disabled;
  disabled.disable = true;
  Recorded off{disabled};
  Site a(site_info(1), off.runtime.get());
  EXPECT_TRUE(off.compiler->calls.empty());

  RuntimeOptions pinned;
  pinned.pinned = true;
  Recorded fixed{pinned};
  Site b(site_info(1), fixed.runtime.get());
  EXPECT_TRUE(fixed.compiler->calls.empty());
}

}  // namespace
}  // namespace tiletune
