// Launch values computed at run time that cannot launch (a grid or block dimension of 0, below 0
// or past 32 bits; cld by 0) are a tiletune::Error that names the annotation's file and line, the
// kernel and the key, and nothing is launched: never a launch with a truncated value, never a
// crash. Literal values are build-time errors (tests/tool/check/literal_values.cu).
#include "runtime.h"
#include "support/fake_device.h"
#include "support/vadd_site.h"

#include <tiletune/site.h>

#include <gtest/gtest.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace tiletune {
namespace {

using testing::FakeCompiler;
using testing::FakeDevice;

SiteInfo vadd_site() { return testing::vadd_site(Space::cartesian({{"tile", {64, 128}}}), 12); }

struct Fixture {
  FakeDevice* device;
  std::unique_ptr<Runtime> runtime;
  Site site;

  Fixture() : runtime(make_runtime()), site(vadd_site(), runtime.get()) {}

  std::unique_ptr<Runtime> make_runtime() {
    auto d = std::make_unique<FakeDevice>([](const std::string&, const Geometry&) { return 1.0; });
    device = d.get();
    return std::make_unique<Runtime>(std::move(d), std::make_shared<FakeCompiler>(),
                                     RuntimeOptions{});
  }

  // Launches with key (n) and the geometry `blocks(n, $tile)` x `$tile`; the error's message.
  template <class Blocks>
  std::string launch_error(long long n, Blocks blocks) {
    void* args[1] = {&n};
    try {
      site.launch(
          key(n),
          [&](const Config& c) {
            return Geometry{blocks(n, c[0]), Dim(c[0]), 0, nullptr};
          },
          args);
    } catch (const LaunchValueError& e) {
      return std::string("not named: ") + e.what();
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
};

TEST(LaunchValues, CeilingDivisionByZeroNamesTheSite) {
  Fixture f;
  long long divisor = 0;
  const std::string error =
      f.launch_error(4096, [&](long long n, long long) { return Dim(cld(n, divisor)); });
  EXPECT_EQ(error,
            "vadd.cu:12: tiletune: the launch geometry of vadd<$tile> for key (4096): "
            "cld(4096, 0) divides by zero; nothing was launched");
  EXPECT_TRUE(f.device->launches().empty());
}

TEST(LaunchValues, ADimensionPast32BitsIsNeverTruncated) {
  Fixture f;
  const std::string error = f.launch_error(
      std::int64_t{1} << 31, [](long long n, long long tile) { return Dim(n * tile); });
  EXPECT_NE(error.find("vadd.cu:12: tiletune: the launch geometry of vadd<$tile> for key "
                       "(2147483648): a launch dimension (x) is 137438953472, outside 1 to "
                       "4294967295; nothing was launched"),
            std::string::npos)
      << error;
  EXPECT_TRUE(f.device->launches().empty());
}

TEST(LaunchValues, AZeroOrNegativeDimensionAfterTuningIsNotLaunched) {
  Fixture f;
  // Tuned first for n = 4096, then the same key with a geometry that gives 0 and then -1 blocks.
  EXPECT_EQ(f.launch_error(4096, [](long long n, long long t) { return Dim(cld(n, t)); }), "");
  const std::size_t launched = f.device->launches().size();
  const std::string zero = f.launch_error(4096, [](long long, long long) { return Dim(1, 0, 1); });
  EXPECT_NE(zero.find("vadd.cu:12: tiletune: the launch geometry of vadd<$tile> for key (4096): a "
                      "launch dimension (y) is 0, outside 1 to 4294967295"),
            std::string::npos)
      << zero;
  const std::string negative = f.launch_error(4096, [](long long, long long) { return Dim(-1); });
  EXPECT_NE(negative.find("a launch dimension (x) is -1"), std::string::npos) << negative;
  EXPECT_EQ(f.device->launches().size(), launched);
}

// CuTe's Int<256> and size(layout): a class that converts to an integer, which dim3 takes.
struct IntegerLike {
  long long value;
  constexpr operator long long() const { return value; }
};

TEST(LaunchValues, AClassThatConvertsToAnIntegerIsADimension) {
  static_assert(Dim(IntegerLike{256}).x == 256, "one dimension");
  constexpr Dim three(IntegerLike{4}, 2, IntegerLike{3});
  static_assert(three.x == 4 && three.y == 2 && three.z == 3, "three dimensions");
  static_assert(!std::is_constructible<Dim, std::string>::value, "no integer in a string");
  Fixture f;
  EXPECT_EQ(
      f.launch_error(4096, [](long long n, long long t) { return Dim(IntegerLike{cld(n, t)}); }),
      "");
  const std::string zero =
      f.launch_error(4096, [](long long, long long) { return Dim(IntegerLike{0}); });
  EXPECT_NE(zero.find("a launch dimension (x) is 0"), std::string::npos) << zero;
}

TEST(LaunchValues, OneConfigurationsBadDimensionDuringTuningNamesTheSite) {
  Fixture f;
  const std::string error =
      f.launch_error(4096, [](long long, long long tile) { return Dim(tile == 128 ? 0 : 1); });
  EXPECT_NE(error.find("vadd.cu:12: tiletune: the launch geometry of vadd<$tile> for key (4096): a "
                       "launch dimension (x) is 0"),
            std::string::npos)
      << error;
}

TEST(LaunchValues, CeilingDivisionNearTheEndOfItsTypeDoesNotOverflow) {
  EXPECT_EQ(cld(INT_MAX, 256), 8388608);
  EXPECT_EQ(cld(INT_MAX, 1), INT_MAX);
  EXPECT_EQ(cld(4096, 64), 64);
  EXPECT_EQ(cld(4097, 64), 65);
  EXPECT_EQ(cld(0, 64), 0);
  EXPECT_EQ(cld(-5, 4), -1);  // the ceiling of -1.25
  EXPECT_EQ(cld(5u, 4u), 2u);
  EXPECT_EQ(cld(-5, -4), 2);  // the ceiling of 1.25
  EXPECT_EQ(cld(5, -4), -1);  // of -1.25
  EXPECT_EQ(cld(std::size_t{1000}, 128), std::size_t{8});
  EXPECT_EQ(cld(SIZE_MAX, std::size_t{2}), SIZE_MAX / 2 + 1);
  static_assert(cld(100, 32) == 4);
}

TEST(LaunchValues, BucketIsTheNextPowerOfTwoUpTo2To62) {
  // The leading-zero count against the plain doubling it replaced, at every value to 70,000, at
  // each power of two and either side of it, and past 2^62, where both stop.
  const auto doubled = [](long long v) { return v <= 1 ? v : detail::next_power_of_two(v, 1); };
  for (long long v = -5; v <= 70000; ++v) ASSERT_EQ(bucket(v), doubled(v)) << v;
  for (int shift = 1; shift < 63; ++shift)
    for (long long v : {(1ll << shift) - 1, 1ll << shift, (1ll << shift) + 1})
      ASSERT_EQ(bucket(v), doubled(v)) << v;
  EXPECT_EQ(bucket(LLONG_MAX), 1ll << 62);
  EXPECT_EQ(bucket(LLONG_MIN), LLONG_MIN);
  EXPECT_EQ(bucket(1000), 1024);
  static_assert(bucket(1020) == 1024 && bucket(1024) == 1024 && bucket(1025) == 2048);
}

}  // namespace
}  // namespace tiletune
