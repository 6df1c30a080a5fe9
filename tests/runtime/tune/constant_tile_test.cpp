// Constant($tile) on a non-template kernel: the tool writes the Constant's expression, `$` names
// kept, into the name expression of the slice's entry kernel (and leaves it out of the key). Each
// configuration bakes its own value; configurations with equal values share one instantiation,
// so one front end.
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <set>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

// vadd(a, b, c, n, Constant($tile)) with a second Constant(radius) that the key carries ($#1,
// after the bucketed n), over tile x occupancy: the occupancy does not change the constant.
SiteInfo constant_tile_site() {
  SiteInfo info;
  info.file = "constant_tile.cu";
  info.line = 20;
  info.kernel = "vadd";
  info.device_source = "template <long long A, long long B> __global__ void tt_entry_vadd() {}";
  info.name_expression = "tt_entry_vadd<($tile), $#1>";
  info.space = Space::cartesian({{"tile", {64, 128}}, {"occupancy", {1, 2}}});
  return info;
}

double cost_by_tile(const std::string& variant, const Geometry&) {
  return variant.find("((128))") != std::string::npos ? 1.0 : 2.0;
}

TEST(ConstantTile, EachConfigurationBakesItsOwnConstantAndEqualConstantsShareOneFrontEnd) {
  RuntimeOptions options;
  options.log = nullptr;
  options.workers = 1;  // fewer workers than instantiations: the front ends run in a batch
  auto device = std::make_unique<FakeDevice>(cost_by_tile);
  FakeDevice* fake = device.get();
  auto compiler = std::make_shared<FakeCompiler>();
  Runtime runtime(std::move(device), compiler, options);
  Site site(constant_tile_site(), &runtime);

  long long n = 1 << 16;
  long long radius = 3;
  void* args[1] = {&n};
  auto geometry = [&](const Config& c) {
    return Geometry{Dim((n + c[0] - 1) / c[0]), Dim(c[0]), 0, nullptr};
  };
  site.launch(key(bucket(n), radius), geometry, args);

  const std::vector<std::string> launches = fake->timed();
  std::set<std::string> timed(launches.begin(), launches.end());
  EXPECT_EQ(timed, (std::set<std::string>{"tt_entry_vadd<((64)), (3)>|occ=1|ntid=64",
                                          "tt_entry_vadd<((64)), (3)>|occ=2|ntid=64",
                                          "tt_entry_vadd<((128)), (3)>|occ=1|ntid=128",
                                          "tt_entry_vadd<((128)), (3)>|occ=2|ntid=128"}));
  std::lock_guard lock(compiler->mutex);
  ASSERT_EQ(compiler->prepared.size(), 1u) << "one batch of front ends";
  std::set<std::string> instantiations;
  for (const std::string& variant : compiler->prepared.front())
    instantiations.insert(variant.substr(0, variant.find('|')));
  EXPECT_EQ(instantiations,
            (std::set<std::string>{"tt_entry_vadd<((64)), (3)>", "tt_entry_vadd<((128)), (3)>"}))
      << "four configurations, two constants: two front ends";
  // The key does not carry the per-configuration constant: the winner is found under the key
  // the launch gave.
  ASSERT_TRUE(site.result(key(bucket(n), radius)).has_value());
  EXPECT_EQ(site.result(key(bucket(n), radius))->best_config()[0], 128);
}

}  // namespace
}  // namespace tiletune
