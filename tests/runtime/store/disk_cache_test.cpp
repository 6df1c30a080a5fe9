// The disk cache: its file format and its refusals (damaged, foreign or planted files, directories
// others could write), several processes writing at once, and the one content hash it names
// files by.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compile/cache/caching_compiler.h"
#include "hash/content_hash.h"
#include "store/disk_cache.h"
#include "support/fake_stages.h"
#include "support/temporary_directory.h"

extern char** environ;

namespace tiletune::detail {
namespace {

namespace fs = std::filesystem;
using testing::fake_request;
using testing::FakeStages;
using testing::kernel_of;
using testing::mode_of;
using testing::read_bytes;
using testing::TemporaryDirectory;
using testing::write_bytes;

// Records warnings instead of printing them.
struct Warnings {
  std::vector<std::string> seen;
  DiskCache::Warn sink() {
    return [this](const std::string& w) { seen.push_back(w); };
  }
};

TEST(ContentHash, IsFnv1a64) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(hex64(0xaf63dc4c8601ec8cull), "af63dc4c8601ec8c");
  EXPECT_EQ(hex64(1), "0000000000000001");
}

// ---- the disk cache ----

TEST(DiskCache, CreatesAPrivateDirectoryAndRoundTrips) {
  TemporaryDirectory tmp;
  Warnings warnings;
  const std::string dir = tmp / "a/b/cache";
  auto cache = DiskCache::open(dir, warnings.sink());
  ASSERT_TRUE(cache->enabled());
  EXPECT_TRUE(warnings.seen.empty());
  EXPECT_EQ(mode_of(dir), 0700u);
  EXPECT_EQ(mode_of(tmp / "a/b"), 0700u);

  EXPECT_FALSE(cache->load("key one"));
  auto one = kernel_of("cubin bytes one", 77);
  one.spill_bytes = 24;
  ASSERT_TRUE(cache->store("key one", one));
  const auto loaded = cache->load("key one");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(std::string(loaded->cubin.begin(), loaded->cubin.end()), "cubin bytes one");
  EXPECT_EQ(loaded->entry, "entry_cubi");
  EXPECT_EQ(loaded->registers, 77);
  EXPECT_EQ(loaded->spill_bytes, 24);
  EXPECT_EQ(mode_of(cache->path_for("key one")) & 077, 0u);
  // Only the final file is left: no temporary behind it.
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(e.path().extension(), ".cubin") << e.path();
  }
  EXPECT_EQ(files, 1);
  // Another process's view: a new cache object on the same directory.
  EXPECT_TRUE(DiskCache::open(dir, warnings.sink())->load("key one"));
  EXPECT_EQ(cache->discarded(), 0);
}

// Writes a good file for `key`, lets `spoil` change its bytes, and expects the next load to
// refuse it, remove it, and the cache to work again for the key.
void expect_refused(const std::string& what, const std::function<void(std::vector<char>&)>& spoil) {
  TemporaryDirectory tmp;
  auto cache = DiskCache::open(tmp / "cache");
  const std::string key = "the key";
  ASSERT_TRUE(cache->store(key, kernel_of("some machine code for the test", 12)));
  const std::string path = cache->path_for(key);
  std::vector<char> bytes = read_bytes(path);
  spoil(bytes);
  write_bytes(path, bytes);
  EXPECT_FALSE(cache->load(key)) << what << ": loaded";
  EXPECT_FALSE(fs::exists(path)) << what << ": not removed";
  EXPECT_EQ(cache->discarded(), 1) << what;
  // Rebuilt: the next store and load work.
  ASSERT_TRUE(cache->store(key, kernel_of("some machine code for the test", 12)));
  EXPECT_TRUE(cache->load(key)) << what;
}

TEST(DiskCache, TruncatedFileIsRemovedNeverLoaded) {
  expect_refused("empty", [](std::vector<char>& b) { b.clear(); });
  expect_refused("half a header", [](std::vector<char>& b) { b.resize(20); });
  expect_refused("header only", [](std::vector<char>& b) { b.resize(48); });
  expect_refused("one byte short", [](std::vector<char>& b) { b.pop_back(); });
  expect_refused("one byte long", [](std::vector<char>& b) { b.push_back('x'); });
}

TEST(DiskCache, DamagedFileIsRemovedNeverLoaded) {
  // Every byte, one at a time: header fields, key, entry name, cubin and the checksum itself.
  TemporaryDirectory tmp;
  auto cache = DiskCache::open(tmp / "cache");
  ASSERT_TRUE(cache->store("k", kernel_of("machine code", 3)));
  const std::vector<char> good = read_bytes(cache->path_for("k"));
  for (std::size_t at = 0; at < good.size(); ++at) {
    std::vector<char> bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    write_bytes(cache->path_for("k"), bad);
    EXPECT_FALSE(cache->load("k")) << "byte " << at << " changed and the file still loaded";
    EXPECT_FALSE(fs::exists(cache->path_for("k"))) << "byte " << at;
  }
  EXPECT_EQ(cache->discarded(), static_cast<int>(good.size()));
}

TEST(DiskCache, ForeignFileIsRemovedNeverLoaded) {
  expect_refused("not a cache file", [](std::vector<char>& b) {
    const std::string text = "#!/bin/sh\necho something else entirely\n";
    b.assign(text.begin(), text.end());
  });
  expect_refused("zeros", [](std::vector<char>& b) { b.assign(4096, '\0'); });
  // A whole, valid file, but for another key (as under a colliding name): the key in the header
  // is compared in full.
  TemporaryDirectory tmp;
  auto cache = DiskCache::open(tmp / "cache");
  ASSERT_TRUE(cache->store("key A", kernel_of("code of A")));
  ASSERT_TRUE(cache->store("key B", kernel_of("code of B")));
  fs::copy_file(cache->path_for("key A"), cache->path_for("key B"),
                fs::copy_options::overwrite_existing);
  EXPECT_FALSE(cache->load("key B"));
  EXPECT_FALSE(fs::exists(cache->path_for("key B")));
  EXPECT_TRUE(cache->load("key A"));
  // A symbolic link in place of a file is not followed.
  fs::create_symlink(cache->path_for("key A"), cache->path_for("key C"));
  EXPECT_FALSE(cache->load("key C"));
  EXPECT_FALSE(fs::is_symlink(cache->path_for("key C")));
  EXPECT_TRUE(cache->load("key A"));
}

TEST(DiskCache, EightProcessesWritingTheSameKeysTearNothing) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  const std::string writer = TILETUNE_DISK_CACHE_WRITER;
  std::vector<pid_t> children;
  for (int i = 0; i < 8; ++i) {
    std::vector<std::string> args = {writer, dir, "6", "8"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    ASSERT_EQ(::posix_spawn(&pid, writer.c_str(), nullptr, nullptr, argv.data(), environ), 0);
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "writer " << pid;
  }
  // Six whole files, nothing else left behind.
  auto cache = DiskCache::open(dir);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(e.path().extension(), ".cubin") << e.path();
  }
  EXPECT_EQ(files, 6);
  for (int key = 0; key < 6; ++key) {
    const auto k = cache->load("key " + std::to_string(key));
    ASSERT_TRUE(k) << key;
    EXPECT_EQ(k->cubin.size(), 1u << 20);
  }
  EXPECT_EQ(cache->discarded(), 0);
}

// A directory that others could have written holds code nobody should run: refused, with one
// warning, and nothing in it is read (or removed).
void expect_directory_refused(const std::string& dir, const std::string& because) {
  Warnings warnings;
  auto cache = DiskCache::open(dir, warnings.sink());
  EXPECT_FALSE(cache->enabled());
  EXPECT_FALSE(cache->load("planted"));
  EXPECT_FALSE(cache->store("other", kernel_of("x")));
  EXPECT_FALSE(cache->load("planted"));
  ASSERT_EQ(warnings.seen.size(), 1u);
  EXPECT_NE(warnings.seen[0].find(dir), std::string::npos) << warnings.seen[0];
  EXPECT_NE(warnings.seen[0].find(because), std::string::npos) << warnings.seen[0];
  EXPECT_NE(warnings.seen[0].find("memory only"), std::string::npos) << warnings.seen[0];
  EXPECT_TRUE(fs::exists(cache->path_for("planted")));
  EXPECT_FALSE(fs::exists(cache->path_for("other")));
}

TEST(DiskCache, DirectoryWritableByGroupOrOthersIsNotLoadedFrom) {
  for (const unsigned mode : {0770u, 0702u, 0777u, 0720u}) {
    TemporaryDirectory tmp;
    const std::string dir = tmp / "cache";
    ASSERT_TRUE(DiskCache::open(dir)->store("planted", kernel_of("planted code")));
    ASSERT_EQ(::chmod(dir.c_str(), mode), 0);
    SCOPED_TRACE(mode);
    expect_directory_refused(dir, "writable by group or others");
  }
  // Readable by others is fine: only writing is a way in.
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  ASSERT_TRUE(DiskCache::open(dir)->store("planted", kernel_of("planted code")));
  ASSERT_EQ(::chmod(dir.c_str(), 0755), 0);
  EXPECT_TRUE(DiskCache::open(dir)->load("planted"));
}

TEST(DiskCache, DirectoryOfAnotherUserIsNotLoadedFrom) {
  if (::geteuid() != 0) GTEST_SKIP() << "giving a directory to another user needs root";
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  ASSERT_TRUE(DiskCache::open(dir)->store("planted", kernel_of("planted code")));
  ASSERT_EQ(::chown(dir.c_str(), 12345, static_cast<gid_t>(-1)), 0);
  expect_directory_refused(dir, "belongs to user 12345");
}

TEST(DiskCache, UncreatableDirectoryFallsBackToMemoryWithOneWarning) {
  // A regular file where a parent directory should be: no one, root included, can create it.
  TemporaryDirectory tmp;
  write_bytes(tmp / "file", {'x'});
  Warnings warnings;
  auto cache = DiskCache::open(tmp / "file/cache", warnings.sink());
  EXPECT_FALSE(cache->enabled());
  EXPECT_FALSE(cache->store("k", kernel_of("code")));
  EXPECT_FALSE(cache->load("k"));
  ASSERT_EQ(warnings.seen.size(), 1u);
  EXPECT_NE(warnings.seen[0].find("cannot create directory '" + (tmp / "file/cache") + "'"),
            std::string::npos)
      << warnings.seen[0];
  EXPECT_NE(warnings.seen[0].find("Not a directory"), std::string::npos) << warnings.seen[0];

  // The compiler goes on in memory.
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared), cache);
  compiler.compile(fake_request("k<1>", 1));
  compiler.compile(fake_request("k<1>", 1));
  EXPECT_EQ(shared.front_end_runs, 1);
  EXPECT_EQ(compiler.counters().disk_stores, 0);
  EXPECT_EQ(warnings.seen.size(), 1u);
}

TEST(DiskCache, UnwritableDirectoryFallsBackToMemoryWithOneWarning) {
  // Root writes through permission bits, so this runs only as another user.
  if (::geteuid() == 0) GTEST_SKIP() << "root can write a 0500 directory";
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  ASSERT_EQ(::mkdir(dir.c_str(), 0500), 0);
  Warnings warnings;
  auto cache = DiskCache::open(dir, warnings.sink());
  EXPECT_FALSE(cache->enabled());
  ASSERT_EQ(warnings.seen.size(), 1u);
  EXPECT_NE(warnings.seen[0].find("not writable"), std::string::npos) << warnings.seen[0];
}

TEST(DiskCache, AFifoAtACacheFileIsAMissThatNeverBlocks) {
  TemporaryDirectory tmp;
  Warnings warnings;
  auto cache = DiskCache::open(tmp / "cache", warnings.sink());
  ASSERT_EQ(::mkfifo(cache->path_for("k").c_str(), 0600), 0);
  EXPECT_FALSE(cache->load("k"));  // a blocking open would never return: no writer comes
  EXPECT_TRUE(cache->enabled());
  ASSERT_TRUE(cache->store("k", kernel_of("code", 2)));
  EXPECT_TRUE(cache->load("k"));
  EXPECT_TRUE(warnings.seen.empty());
}

TEST(DiskCache, ADirectoryNamedLikeACacheFileIsAMissNotCacheOff) {
  TemporaryDirectory tmp;
  Warnings warnings;
  auto cache = DiskCache::open(tmp / "cache", warnings.sink());
  ASSERT_TRUE(fs::create_directory(cache->path_for("k")));
  EXPECT_FALSE(cache->load("k"));
  EXPECT_TRUE(cache->enabled());
  ASSERT_TRUE(cache->store("other", kernel_of("code", 2)));
  EXPECT_TRUE(cache->load("other"));
}

TEST(DiskCache, AFileOverTheSizeLimitIsRefusedUnread) {
  TemporaryDirectory tmp;
  auto cache = DiskCache::open(tmp / "cache");
  ASSERT_TRUE(cache->store("k", kernel_of("code", 2)));
  // Sparse: 65 MiB long with no data written, so the test never writes or reads that much.
  ASSERT_EQ(::truncate(cache->path_for("k").c_str(), off_t{65} << 20), 0);
  EXPECT_FALSE(cache->load("k"));
  EXPECT_FALSE(fs::exists(cache->path_for("k")));
  EXPECT_EQ(cache->discarded(), 1);
}

TEST(DiskCache, WriteThatFailsLaterWarnsOnceAndLeavesTheCacheOn) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  Warnings warnings;
  auto cache = DiskCache::open(dir, warnings.sink());
  ASSERT_TRUE(cache->enabled());
  ASSERT_TRUE(fs::remove(dir));  // gone under the open cache: every write now fails
  EXPECT_FALSE(cache->store("a", kernel_of("code a")));
  EXPECT_TRUE(cache->enabled());
  EXPECT_FALSE(cache->store("b", kernel_of("code b")));
  ASSERT_EQ(warnings.seen.size(), 1u);
  EXPECT_NE(warnings.seen[0].find("cannot write to cache directory"), std::string::npos)
      << warnings.seen[0];
}

TEST(DiskCache, OneFailedWriteNeverTurnsTheCacheOff) {
  // A name in the way of one file (a directory where its file goes) fails that write only.
  TemporaryDirectory tmp;
  Warnings warnings;
  auto cache = DiskCache::open(tmp / "cache", warnings.sink());
  ASSERT_TRUE(fs::create_directory(cache->path_for("blocked")));
  ASSERT_TRUE(fs::create_directory(cache->path_for("blocked") + "/inside"));
  EXPECT_FALSE(cache->store("blocked", kernel_of("code")));
  EXPECT_TRUE(cache->enabled());
  ASSERT_TRUE(cache->store("free", kernel_of("other code", 5)));
  EXPECT_TRUE(cache->load("free"));
  EXPECT_EQ(warnings.seen.size(), 1u);
}

TEST(DiskCache, TwoCachesOfOneDirectoryInOneProcessNeverShareATemporaryName) {
  TemporaryDirectory tmp;
  Warnings warnings;
  auto first = DiskCache::open(tmp / "cache", warnings.sink());
  auto second = DiskCache::open(tmp / "cache", warnings.sink());
  for (int i = 0; i < 50; ++i) {
    ASSERT_TRUE(first->store("k", kernel_of("code " + std::to_string(i))));
    ASSERT_TRUE(second->store("k", kernel_of("code " + std::to_string(i))));
  }
  EXPECT_TRUE(warnings.seen.empty());
}

// Sets the modification time of `path` to `seconds_ago` before now.
void age(const std::string& path, int seconds_ago) {
  const timespec now{std::time(nullptr) - seconds_ago, 0};
  const timespec times[2] = {now, now};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
}

TEST(DiskCache, StaleTemporariesOfKilledWritersAreRemovedWhenTheCacheOpens) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  { auto made = DiskCache::open(dir); }
  const std::string stale = dir + "/0123456789abcdef.cubin.tmp.1.0";
  const std::string in_progress = dir + "/0123456789abcdef.cubin.tmp.2.0";
  const std::string not_ours = dir + "/notes.tmp.1";
  for (const std::string& path : {stale, in_progress, not_ours}) write_bytes(path, {'x'});
  age(stale, 3600);
  age(not_ours, 3600);
  auto cache = DiskCache::open(dir);
  ASSERT_TRUE(cache->enabled());
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(in_progress));  // maybe another process's write, still under way
  EXPECT_TRUE(fs::exists(not_ours));
}

TEST(DiskCache, WarningGoesToStderrOnce) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(dir.c_str(), 0777), 0);
  ::testing::internal::CaptureStderr();
  {
    FakeStages::Shared shared;
    CachingCompiler compiler(std::make_unique<FakeStages>(shared), DiskCache::open(dir));
    for (int i = 0; i < 5; ++i) compiler.compile(fake_request("k<" + std::to_string(i) + ">"));
  }
  const std::string printed = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(printed, "tiletune: warning: cache directory '" + dir +
                         "' is writable by group or others (mode 0777): the code in it is not "
                         "loaded; compiled kernels are kept in memory only\n");
}

TEST(DiskCache, DefaultDirectoryFollowsTheEnvironment) {
  struct Saved {
    const char* name;
    std::optional<std::string> value;
  };
  std::vector<Saved> saved;
  for (const char* name : {"TILETUNE_CACHE_DIR", "XDG_CACHE_HOME", "HOME"}) {
    const char* v = std::getenv(name);
    saved.push_back({name, v ? std::optional<std::string>(v) : std::nullopt});
  }
  ::setenv("TILETUNE_CACHE_DIR", "/explicit", 1);
  ::setenv("XDG_CACHE_HOME", "/xdg", 1);
  ::setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(DiskCache::default_directory(), "/explicit");
  ::unsetenv("TILETUNE_CACHE_DIR");
  EXPECT_EQ(DiskCache::default_directory(), "/xdg/tiletune");
  ::setenv("XDG_CACHE_HOME", "relative/ignored", 1);
  EXPECT_EQ(DiskCache::default_directory(), "/home/someone/.cache/tiletune");
  ::unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(DiskCache::default_directory(), "/home/someone/.cache/tiletune");
  for (const Saved& s : saved) {
    if (s.value)
      ::setenv(s.name, s.value->c_str(), 1);
    else
      ::unsetenv(s.name);
  }
}

}  // namespace
}  // namespace tiletune::detail
