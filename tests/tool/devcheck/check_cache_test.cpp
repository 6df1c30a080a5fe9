// The device check's cache of passes: a pass lets a kernel through the build without NVRTC's word,
// so it is trusted only as this user wrote it, where no one else could have planted it (files/
// trust.h), and read no further than a pass is long.
#include "devcheck/check_cache.h"

#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace tiletune::tool {
namespace {

using testing::TemporaryDirectory;

const std::string kKey = check_key("__global__ void k() {}", {{{}, {"k"}}}, 90, 13000);

// A cache directory of this user's, 0700, with a pass recorded for kKey.
std::string cache_with_a_pass(const TemporaryDirectory& tmp) {
  const std::string cache = tmp / "cache";
  record_pass(cache, kKey);
  return cache;
}

TEST(CheckCache, APassThisUserRecordedIsTrusted) {
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  EXPECT_TRUE(check_passed_before(cache, kKey));
  EXPECT_FALSE(check_passed_before(cache, check_key("other", {}, 90, 13000)));
  struct stat info {};
  ASSERT_EQ(::stat(cache.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0700u);
}

// A pass keeps what its check said besides (the configurations that cannot run), to say it again;
// remarks past kMaxRemarks are not kept, nor is their pass.
TEST(CheckCache, APassKeepsItsRemarks) {
  TemporaryDirectory tmp;
  const std::string cache = tmp / "cache";
  record_pass(cache, kKey, "note: 1 of the 2 configurations cannot run\n");
  EXPECT_EQ(check_passed_before(cache, kKey), "note: 1 of the 2 configurations cannot run\n");
  const std::string other = check_key("other", {}, 90, 13000);
  record_pass(cache, other);
  EXPECT_EQ(check_passed_before(cache, other), "");
  const std::string long_key = check_key("long", {}, 90, 13000);
  record_pass(cache, long_key, std::string(kMaxRemarks + 1, 'x'));
  EXPECT_FALSE(std::filesystem::exists(cache + "/" + long_key));
}

// The key covers the architecture: a pass for sm_90 says nothing of sm_75.
TEST(CheckCache, TheKeyNamesTheArchitecture) {
  EXPECT_NE(check_key("__global__ void k() {}", {{{}, {"k"}}}, 75, 13000), kKey);
}

TEST(CheckCache, APassInADirectoryOthersMayWriteIsNotTrustedNorWrittenThere) {
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  ASSERT_EQ(::chmod(cache.c_str(), 0777), 0);
  EXPECT_FALSE(check_passed_before(cache, kKey)) << "anyone could have planted it";
  const std::string other = check_key("other", {}, 90, 13000);
  record_pass(cache, other);
  EXPECT_FALSE(std::filesystem::exists(cache + "/" + other));
}

TEST(CheckCache, APassFileOthersMayWriteIsNotTrusted) {
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  ASSERT_EQ(::chmod((cache + "/" + kKey).c_str(), 0666), 0);
  EXPECT_FALSE(check_passed_before(cache, kKey));
}

TEST(CheckCache, APassOfAnotherUserIsNotTrusted) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a file to another user needs root";
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  ASSERT_EQ(::chown((cache + "/" + kKey).c_str(), 12345, 12345), 0);
  EXPECT_FALSE(check_passed_before(cache, kKey)) << "a file planted by another user";
  ASSERT_EQ(::chown((cache + "/" + kKey).c_str(), 0, 0), 0);
  ASSERT_EQ(::chown(cache.c_str(), 12345, 12345), 0);
  EXPECT_FALSE(check_passed_before(cache, kKey)) << "a directory of another user";
}

TEST(CheckCache, ALinkOrAFifoUnderThePassesNameIsNotTrustedAndDoesNotBlock) {
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  const std::string pass = cache + "/" + kKey;
  std::filesystem::rename(pass, tmp / "elsewhere");
  std::filesystem::create_symlink(tmp / "elsewhere", pass);
  EXPECT_FALSE(check_passed_before(cache, kKey));
  std::filesystem::remove(pass);
  ASSERT_EQ(::mkfifo(pass.c_str(), 0600), 0);
  EXPECT_FALSE(check_passed_before(cache, kKey));
}

long peak_kib() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST(CheckCache, AHugeFileUnderThePassesNameIsNotReadWhole) {
  TemporaryDirectory tmp;
  const std::string cache = cache_with_a_pass(tmp);
  const std::string pass = cache + "/" + kKey;
  // The pass's text, then 3 GiB of nothing (sparse): only a pass's length is ever read.
  ASSERT_EQ(::truncate(pass.c_str(), off_t{3} << 30), 0);
  const long before = peak_kib();
  EXPECT_FALSE(check_passed_before(cache, kKey));
  EXPECT_LT(peak_kib() - before, 16 * 1024) << "read more than a pass's length";
}

}  // namespace
}  // namespace tiletune::tool
