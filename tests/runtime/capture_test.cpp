// A first launch while the stream is capturing a CUDA graph, with the fake device standing in for
// the driver: nothing a capture forbids is called, the first configuration that builds is captured,
// and the site tunes at its next launch outside capture.
#include "runtime.h"
#include "support/fake_device.h"
#include "support/log_file.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;
using testing::fastest_tile;
using testing::launch_vadd;
using testing::vadd_site;

struct Fixture {
  FakeDevice* device;
  std::shared_ptr<FakeCompiler> compiler = std::make_shared<FakeCompiler>();
  std::unique_ptr<Runtime> runtime;
  testing::LogFile log;

  Fixture() {
    auto d = std::make_unique<FakeDevice>(fastest_tile("256"));
    device = d.get();
    RuntimeOptions options;
    options.log = log.get();
    runtime = std::make_unique<Runtime>(std::move(d), compiler, options);
  }
};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Capture, AFirstLaunchDuringCaptureCapturesTheFirstConfigurationAndNothingElse) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  EXPECT_TRUE(f.device->forbidden().empty()) << f.device->forbidden().front();
  EXPECT_EQ(f.device->events(), (std::vector<std::string>{"capture vadd<(64)>|occ=0|ntid=0"}));
  EXPECT_FALSE(site.result(key(1000)));  // nothing was tuned
  EXPECT_NE(f.log.text().find("tiletune: vadd.cu:3 vadd<$tile>: the stream is capturing a CUDA "
                              "graph: tile=64 (the first configuration that builds) is captured "
                              "untuned; the site tunes at its next launch outside capture"),
            std::string::npos)
      << f.log.text();
}

TEST(Capture, TheSiteTunesAtItsNextLaunchOutsideCaptureAndCapturesTheWinnerAfter) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  f.device->capture = false;
  launch_vadd(site, 1000);
  ASSERT_TRUE(site.result(key(1000)));
  EXPECT_TRUE(site.result(key(1000))->tuned);
  EXPECT_EQ(site.result(key(1000))->best_config(), (Config{256}));
  EXPECT_FALSE(f.device->timed().empty());
  f.device->capture = true;
  const std::size_t before = f.device->events().size();
  launch_vadd(site, 1000);
  EXPECT_TRUE(f.device->forbidden().empty());
  const std::vector<std::string> events = f.device->events();
  ASSERT_EQ(events.size(), before + 1);
  EXPECT_EQ(events.back(), "capture vadd<(256)>|occ=0|ntid=0");
}

TEST(Capture, ConfigurationsThatDoNotBuildOrExceedTheDeviceAreSkipped) {
  Fixture f;
  f.compiler->fail_if = [](const std::string& v) { return v.find("(64)") != std::string::npos; };
  SiteInfo info = vadd_site();
  info.space = Space::cartesian({{"tile", {4096, 64, 128, 256}}});  // 4096 threads: too many
  Site site(std::move(info), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  EXPECT_TRUE(f.device->forbidden().empty());
  EXPECT_EQ(f.device->launches(), (std::vector<std::string>{"vadd<(128)>|occ=0|ntid=0"}));
}

TEST(Capture, NoConfigurationBuildsIsAnErrorThatSaysWhyForEach) {
  Fixture f;
  f.compiler->fail_if = [](const std::string&) { return true; };
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  try {
    launch_vadd(site, 1000);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("tile=256: fake compile error for vadd<(256)>"),
              std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(f.device->forbidden().empty());
}

TEST(Capture, ManyThreadsCapturingOneKeyChooseOnce) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) launch_vadd(site, 1000);
    });
  for (std::thread& t : threads) t.join();
  EXPECT_TRUE(f.device->forbidden().empty());
  EXPECT_EQ(f.device->loaded().size(), 1u);
  EXPECT_EQ(f.device->launches().size(), 160u);
  EXPECT_EQ(count(f.log.text(), "is captured untuned"), 1u);
}

TEST(Capture, ClearForgetsTheCapturedChoice) {
  Fixture f;
  Site site(vadd_site(), f.runtime.get());
  f.device->capture = true;
  launch_vadd(site, 1000);
  site.clear();
  launch_vadd(site, 1000);
  EXPECT_EQ(count(f.log.text(), "is captured untuned"), 2u);
}

}  // namespace
}  // namespace tiletune
