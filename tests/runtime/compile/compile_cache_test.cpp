// The compile cache: keys, single flight, errors, the disk cache and its refusals, with fake stages
// where the toolchain does not matter and with NVRTC + nvJitLink (on the CPU) where it does.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "compile/compiler.h"
#include "compile/single_flight.h"
#include "store/content_hash.h"
#include "store/disk_cache.h"
#include "support/elf_section.h"
#include "support/fake_stages.h"
#include "thread_pool.h"
#include "tiletune/error.h"

extern char** environ;

namespace tiletune::detail {
namespace {

namespace fs = std::filesystem;
using testing::FakeStages;

// A fresh directory under the system's temporary directory, removed at the end of the test.
class TemporaryDirectory {
 public:
  TemporaryDirectory() {
    std::string pattern = (fs::temp_directory_path() / "tiletune-cache-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TemporaryDirectory() {
    std::error_code ignored;
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

// Records warnings instead of printing them.
struct Warnings {
  std::vector<std::string> seen;
  DiskCache::Warn sink() {
    return [this](const std::string& w) { seen.push_back(w); };
  }
};

CompileRequest fake_request(std::string name, unsigned occupancy = 0) {
  CompileRequest r;
  r.source = "template <int T> __global__ void k();";
  r.source_name = "user.cu";
  r.name_expression = std::move(name);
  r.arch = 90;
  r.hints.min_blocks_per_sm = occupancy;
  r.hints.max_threads[0] = occupancy ? 256 : 0;
  r.hints.max_threads[1] = occupancy ? 1 : 0;
  r.hints.max_threads[2] = occupancy ? 1 : 0;
  return r;
}

CompiledKernel kernel_of(std::string text, int registers = 40) {
  CompiledKernel k;
  k.cubin.assign(text.begin(), text.end());
  k.entry = "entry_" + text.substr(0, 4);
  k.registers = registers;
  return k;
}

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

unsigned mode_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

// ---- keys ----

TEST(ContentHash, IsFnv1a64) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ull);
  EXPECT_EQ(hex64(0xaf63dc4c8601ec8cull), "af63dc4c8601ec8c");
  EXPECT_EQ(hex64(1), "0000000000000001");
}

TEST(CompileKey, EveryFieldThatChangesMachineCodeChangesTheKey) {
  const std::string source = "template <int T> __global__ void k(float* x) { x[0] = T; }";
  CompileRequest base = fake_request("k<1>", 2);
  base.source = source;
  base.options = {"-DSCALE=2"};
  const std::string toolchain = "nvrtc 13000 nvjitlink 13000 headers /usr/local/cuda/include";

  std::string changed_source = source;
  changed_source[changed_source.size() - 3] = 'U';  // same length, one character
  std::vector<std::pair<std::string, CompileRequest>> variants;
  auto add = [&](std::string what, auto change) {
    CompileRequest r = base;
    change(r);
    variants.emplace_back(std::move(what), std::move(r));
  };
  add("source", [&](CompileRequest& r) { r.source = changed_source; });
  add("source name", [](CompileRequest& r) { r.source_name = "other.cu"; });
  add("name expression (constants)", [](CompileRequest& r) { r.name_expression = "k<2>"; });
  add("option value", [](CompileRequest& r) { r.options = {"-DSCALE=3"}; });
  add("option added", [](CompileRequest& r) { r.options.push_back("-DX"); });
  add("options split differently", [](CompileRequest& r) { r.options = {"-DSCALE=", "2"}; });
  add("arch", [](CompileRequest& r) { r.arch = 100; });
  add("occupancy", [](CompileRequest& r) { r.hints.min_blocks_per_sm = 4; });
  add("max threads x", [](CompileRequest& r) { r.hints.max_threads[0] = 128; });
  add("max threads y", [](CompileRequest& r) { r.hints.max_threads[1] = 2; });
  add("max threads z", [](CompileRequest& r) { r.hints.max_threads[2] = 2; });

  std::set<std::string> keys = {variant_key(base, toolchain)};
  for (const auto& [what, r] : variants)
    EXPECT_TRUE(keys.insert(variant_key(r, toolchain)).second) << what << " left the key as is";
  EXPECT_NE(variant_key(base, toolchain), variant_key(base, "nvrtc 13010 nvjitlink 13000"))
      << "toolchain versions";

  // The description names the configuration for messages; it does not change the code.
  CompileRequest described = base;
  described.description = "tile=1 occupancy=2";
  EXPECT_EQ(variant_key(described, toolchain), variant_key(base, toolchain));
  // Hints change the variant, not the front end's output.
  CompileRequest other_hints = base;
  other_hints.hints.min_blocks_per_sm = 4;
  EXPECT_EQ(front_end_key(other_hints, toolchain), front_end_key(base, toolchain));
  EXPECT_NE(variant_key(other_hints, toolchain), variant_key(base, toolchain));
  // The whole source is hashed, not a prefix.
  EXPECT_NE(variant_key(base, toolchain).find(hex64(fnv1a64(source))), std::string::npos);
}

// ---- single flight, with fake stages ----

TEST(CachingCompiler, FrontEndRunsOncePerSetOfConstants) {
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::set<std::vector<char>> cubins;
  for (int tile : {16, 32, 64, 128})
    for (unsigned occupancy : {1u, 2u, 4u})
      cubins.insert(
          compiler.compile(fake_request("k<" + std::to_string(tile) + ">", occupancy))->cubin);
  EXPECT_EQ(shared.front_end_runs, 4);
  EXPECT_EQ(shared.machine_code_runs, 12);
  EXPECT_EQ(compiler.counters().front_end_runs, 4);
  EXPECT_EQ(compiler.counters().machine_code_runs, 12);
  EXPECT_EQ(cubins.size(), 12u);
  // Asked again: all from memory.
  compiler.compile(fake_request("k<64>", 2));
  EXPECT_EQ(shared.front_end_runs, 4);
  EXPECT_EQ(shared.machine_code_runs, 12);
}

TEST(CachingCompiler, SixteenThreadsOneKeyOneCompile) {
  FakeStages::Shared shared;
  shared.set_open(false);
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<std::shared_ptr<const CompiledKernel>> got(16);
  std::vector<std::thread> threads;
  for (int i = 0; i < 16; ++i)
    threads.emplace_back([&, i] { got[i] = compiler.compile(fake_request("k<1>", 2)); });
  shared.set_open(true);
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(shared.front_end_runs, 1);
  EXPECT_EQ(shared.machine_code_runs, 1);
  for (const auto& k : got) EXPECT_EQ(k, got[0]);
}

TEST(CachingCompiler, ErrorNamesTheConfigurationAndKeepsTheLog) {
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  CompileRequest r = fake_request("bad<128>", 2);
  r.description = "tile=128 occupancy=2";
  try {
    compiler.compile(r);
    FAIL() << "a failing compile returned";
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()),
              "configuration tile=128 occupancy=2: fake front end could not compile `bad<128>`");
    EXPECT_EQ(e.log(), "user.cu(7): error: fake error in bad<128>");
  }
  // Without a description the stage's error passes through as it is.
  r.description.clear();
  try {
    compiler.compile(r);
    FAIL() << "a failing compile returned";
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()), "fake front end could not compile `bad<128>`");
  }
}

TEST(CachingCompiler, ErrorReachesEveryWaiterAndIsNotCached) {
  FakeStages::Shared shared;
  shared.set_open(false);
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<int> threw(8, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      try {
        compiler.compile(fake_request("bad<1>", 2));
      } catch (const CompileError& e) {
        threw[i] = std::string(e.log()).find("fake error") != std::string::npos;
      }
    });
  }
  shared.set_open(true);
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(threw[i], 1) << "caller " << i;
  const int runs = shared.front_end_runs;
  EXPECT_GE(runs, 1);
  EXPECT_THROW(compiler.compile(fake_request("bad<1>", 2)), CompileError);
  EXPECT_EQ(shared.front_end_runs, runs + 1) << "the error was cached";
  // The good variants around it are unaffected.
  EXPECT_NO_THROW(compiler.compile(fake_request("k<1>", 2)));
}

TEST(CachingCompiler, DifferentKeysCompileInParallelOnThePool) {
  FakeStages::Shared shared;
  shared.wait_for_inside = 2;  // each front-end run waits until two are running at once
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  ThreadPool pool(2);
  auto a = pool.submit([&] { return compiler.compile(fake_request("k<1>")); });
  auto b = pool.submit([&] { return compiler.compile(fake_request("k<2>")); });
  a.get();
  b.get();
  EXPECT_EQ(shared.most_inside, 2);
}

TEST(SingleFlightCache, ClaimTakesOnlyKeysNobodyHasAndAskersWaitForThePublishedValue) {
  SingleFlightCache<std::string, int> cache;
  EXPECT_EQ(cache.get("a", [] { return 1; }), 1);
  auto claims = cache.claim({"a", "b", "c", "b"});
  ASSERT_EQ(claims.size(), 2u) << "a is cached, b is named twice";
  EXPECT_EQ(claims[0].key(), "b");
  EXPECT_EQ(claims[1].key(), "c");
  EXPECT_TRUE(cache.contains("b"));
  EXPECT_TRUE(cache.claim({"b", "c"}).empty()) << "claimed twice";

  bool computed = true;
  auto asker = std::async(std::launch::async, [&] {
    return cache.get(
        "b", [] { return -1; }, &computed);
  });
  cache.publish(claims[0], 2, [](int) { return true; });
  EXPECT_EQ(asker.get(), 2);
  EXPECT_FALSE(computed) << "the asker computed it itself";
  cache.publish(claims[1], 3, [](int v) { return v != 3; });  // not kept
  EXPECT_FALSE(cache.contains("c"));
  EXPECT_EQ(cache.get("c", [] { return 4; }), 4);
}

TEST(SingleFlightCache, ADroppedClaimFailsItsAskersAndFreesTheKey) {
  SingleFlightCache<std::string, int> cache;
  std::future<int> asker;
  {
    auto claims = cache.claim({"k"});
    ASSERT_EQ(claims.size(), 1u);
    asker = std::async(std::launch::async, [&] { return cache.get("k", [] { return -1; }); });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let it join the claim
  }
  // Joined before the drop, it gets the claim's exception (it must not wait for ever); joined
  // after, it computes the value itself.
  try {
    EXPECT_EQ(asker.get(), -1);
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("a claimed computation was dropped"), std::string::npos);
  }
  auto none = cache.claim({"dropped"});
  none.clear();  // dropped with no askers
  EXPECT_FALSE(cache.contains("dropped"));
  EXPECT_EQ(cache.get("dropped", [] { return 6; }), 6);
}

// ---- front ends prepared in batches, with fake stages ----

TEST(CachingCompiler, PrepareRunsOneBatchPerSourceThenCompileOnlyLinks) {
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<CompileRequest> requests;
  for (int tile : {16, 32, 64})
    for (unsigned occupancy : {1u, 2u})
      requests.push_back(fake_request("k<" + std::to_string(tile) + ">", occupancy));
  CompileRequest other_source = fake_request("k<16>", 1);
  other_source.source = "template <int T> __global__ void k() { /* another source */ }";
  requests.push_back(other_source);

  compiler.prepare(requests);
  EXPECT_EQ(shared.batch_runs, 1) << "the three constants of one source";
  EXPECT_EQ(shared.front_end_runs, 1) << "the lone request of the other source";
  EXPECT_EQ(compiler.counters().front_end_runs, 2);
  EXPECT_EQ(compiler.counters().batched_front_ends, 3);
  for (const CompileRequest& r : requests) compiler.compile(r);
  EXPECT_EQ(shared.batch_runs, 1);
  EXPECT_EQ(shared.front_end_runs, 1);
  EXPECT_EQ(shared.machine_code_runs, 7);

  // Prepared again: everything is compiled, so nothing runs.
  compiler.prepare(requests);
  EXPECT_EQ(shared.batch_runs, 1);
  EXPECT_EQ(shared.front_end_runs, 1);
}

TEST(CachingCompiler, PrepareLeavesOutWhatIsOnDisk) {
  TemporaryDirectory tmp;
  std::vector<CompileRequest> requests = {fake_request("k<1>", 1), fake_request("k<2>", 1),
                                          fake_request("k<3>", 1)};
  {
    FakeStages::Shared shared;
    CachingCompiler first(std::make_unique<FakeStages>(shared), DiskCache::open(tmp / "cache"));
    first.compile(requests[0]);
    first.compile(requests[1]);
  }
  FakeStages::Shared shared;
  CachingCompiler second(std::make_unique<FakeStages>(shared), DiskCache::open(tmp / "cache"));
  second.prepare(requests);
  EXPECT_EQ(shared.batch_runs, 0);
  EXPECT_EQ(shared.front_end_runs, 1) << "only k<3> needed a front end";
  for (const CompileRequest& r : requests) second.compile(r);
  EXPECT_EQ(second.counters().disk_loads, 2);
  EXPECT_EQ(shared.front_end_runs, 1);
}

TEST(CachingCompiler, FailedBatchIsRunAgainAloneSoEachConfigurationGetsItsOwnError) {
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<CompileRequest> requests = {fake_request("k<1>"), fake_request("bad<2>"),
                                          fake_request("k<3>")};
  compiler.prepare(requests);  // does not throw
  EXPECT_EQ(shared.batch_runs, 1);
  EXPECT_EQ(shared.front_end_runs, 3);
  EXPECT_EQ(compiler.counters().batched_front_ends, 0);
  EXPECT_NO_THROW(compiler.compile(requests[0]));
  EXPECT_NO_THROW(compiler.compile(requests[2]));
  EXPECT_EQ(shared.front_end_runs, 3) << "good front ends from the retry are kept";
  EXPECT_THROW(compiler.compile(requests[1]), CompileError);
}

TEST(CachingCompiler, CompileDuringABatchWaitsForItInsteadOfRunningItsOwnFrontEnd) {
  FakeStages::Shared shared;
  shared.set_open(false);
  CachingCompiler compiler(std::make_unique<FakeStages>(shared));
  std::vector<CompileRequest> requests = {fake_request("k<1>"), fake_request("k<2>")};
  std::thread batch([&] { compiler.prepare(requests); });
  {
    // The batch has claimed its keys once it is inside the stage.
    std::unique_lock lock(shared.mutex);
    shared.changed.wait(lock, [&] { return shared.inside == 1; });
  }
  auto waiting = std::async(std::launch::async, [&] { return compiler.compile(requests[1]); });
  // Give compile() the time to arrive while the batch is held; had it run its own front end, the
  // count below would show it.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  shared.set_open(true);
  batch.join();
  EXPECT_EQ(waiting.get()->entry, "entry_k<2>");
  EXPECT_EQ(shared.batch_runs, 1);
  EXPECT_EQ(shared.front_end_runs, 0);
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
  ASSERT_TRUE(cache->store("key one", kernel_of("cubin bytes one", 77)));
  const auto loaded = cache->load("key one");
  ASSERT_TRUE(loaded);
  EXPECT_EQ(std::string(loaded->cubin.begin(), loaded->cubin.end()), "cubin bytes one");
  EXPECT_EQ(loaded->entry, "entry_cubi");
  EXPECT_EQ(loaded->registers, 77);
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
  EXPECT_NE(warnings.seen[0].find("cannot create cache directory"), std::string::npos)
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

TEST(DiskCache, WriteThatFailsLaterTurnsTheCacheOffWithOneWarning) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  Warnings warnings;
  auto cache = DiskCache::open(dir, warnings.sink());
  ASSERT_TRUE(cache->enabled());
  ASSERT_TRUE(fs::remove(dir));  // gone under the open cache: every write now fails
  EXPECT_FALSE(cache->store("a", kernel_of("code a")));
  EXPECT_FALSE(cache->enabled());
  EXPECT_FALSE(cache->store("b", kernel_of("code b")));
  EXPECT_FALSE(cache->load("a"));
  ASSERT_EQ(warnings.seen.size(), 1u);
  EXPECT_NE(warnings.seen[0].find("cannot write to cache directory"), std::string::npos)
      << warnings.seen[0];
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

TEST(CachingCompiler, SecondCompilerWithTheSameDirectoryCompilesNothing) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  std::vector<std::vector<char>> first_cubins;
  {
    FakeStages::Shared shared;
    CachingCompiler compiler(std::make_unique<FakeStages>(shared), DiskCache::open(dir));
    for (int tile : {1, 2})
      for (unsigned occupancy : {1u, 2u})
        first_cubins.push_back(
            compiler.compile(fake_request("k<" + std::to_string(tile) + ">", occupancy))->cubin);
    EXPECT_EQ(compiler.counters().disk_stores, 4);
    EXPECT_EQ(compiler.counters().disk_loads, 0);
  }
  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared), DiskCache::open(dir));
  std::size_t i = 0;
  for (int tile : {1, 2})
    for (unsigned occupancy : {1u, 2u})
      EXPECT_EQ(compiler.compile(fake_request("k<" + std::to_string(tile) + ">", occupancy))->cubin,
                first_cubins[i++]);
  EXPECT_EQ(shared.front_end_runs, 0);
  EXPECT_EQ(shared.machine_code_runs, 0);
  EXPECT_EQ(compiler.counters().disk_loads, 4);

  // Another toolchain version finds nothing of the first's.
  FakeStages::Shared upgraded;
  CachingCompiler newer(std::make_unique<FakeStages>(upgraded, "fake 2"), DiskCache::open(dir));
  newer.compile(fake_request("k<1>", 1));
  EXPECT_EQ(upgraded.front_end_runs, 1);
}

TEST(CachingCompiler, DamagedDiskFileIsRebuilt) {
  TemporaryDirectory tmp;
  const std::string dir = tmp / "cache";
  const CompileRequest request = fake_request("k<1>", 2);
  std::vector<char> good;
  {
    FakeStages::Shared shared;
    CachingCompiler compiler(std::make_unique<FakeStages>(shared), DiskCache::open(dir));
    good = compiler.compile(request)->cubin;
  }
  const std::string path = DiskCache::open(dir)->path_for(variant_key(request, "fake 1"));
  std::vector<char> bytes = read_bytes(path);
  ASSERT_FALSE(bytes.empty());
  bytes[bytes.size() - 2] ^= 1;
  write_bytes(path, bytes);

  FakeStages::Shared shared;
  CachingCompiler compiler(std::make_unique<FakeStages>(shared), DiskCache::open(dir));
  EXPECT_EQ(compiler.compile(request)->cubin, good);
  EXPECT_EQ(shared.front_end_runs, 1) << "the damaged file was loaded";
  EXPECT_EQ(compiler.disk_cache()->discarded(), 1);
  EXPECT_EQ(read_bytes(path).size(), bytes.size());
  EXPECT_NE(read_bytes(path), bytes) << "not rewritten";
  EXPECT_TRUE(DiskCache::open(dir)->load(variant_key(request, "fake 1")));
}

// ---- with the real toolchain (NVRTC and nvJitLink run on the CPU) ----

// Each thread keeps N values live; register pressure grows with N, so the occupancy hint shows.
constexpr std::string_view kTiledSource = R"(#line 1 "tiles.cu"
template <int N>
__global__ void tiles(const float* in, float* out, int stride) {
  float v[N];
  const int base = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) v[i] = in[base + i * stride];
#pragma unroll
  for (int round = 0; round < 3; ++round) {
#pragma unroll
    for (int i = 0; i < N; ++i) v[i] = v[i] * v[(i + 1) % N] + v[(i + 5) % N];
  }
#pragma unroll
  for (int i = 0; i < N; ++i) out[base + i * stride] = v[i];
}
)";

CompileRequest tiled_request(int tile, unsigned occupancy) {
  CompileRequest r;
  r.source = kTiledSource;
  r.source_name = "tiles.cu";
  r.name_expression = "tiles<" + std::to_string(tile) + ">";
  r.arch = 90;
  r.hints.max_threads[0] = 256;
  r.hints.max_threads[1] = 1;
  r.hints.max_threads[2] = 1;
  r.hints.min_blocks_per_sm = occupancy;
  r.description = "tile=" + std::to_string(tile) + " occupancy=" + std::to_string(occupancy);
  return r;
}

TEST(NvrtcCompiler, FourTilesTimesThreeOccupanciesRunTheFrontEndFourTimes) {
  TemporaryDirectory tmp;
  std::set<std::vector<char>> cubins;
  std::vector<std::vector<char>> in_order;
  {
    NvrtcCompiler compiler(DiskCache::open(tmp / "cache"));
    for (int tile : {16, 32, 64, 128}) {
      int previous_registers = 1 << 20;
      for (unsigned occupancy : {1u, 2u, 4u}) {
        auto kernel = compiler.compile(tiled_request(tile, occupancy));
        ASSERT_EQ(std::string_view(kernel->cubin.data(), 4),
                  "\x7f"
                  "ELF");
        EXPECT_LE(kernel->registers, previous_registers) << "tile " << tile;
        EXPECT_LE(kernel->registers * 256 * static_cast<int>(occupancy), 65536);
        previous_registers = kernel->registers;
        cubins.insert(kernel->cubin);
        in_order.push_back(kernel->cubin);
      }
    }
    EXPECT_EQ(compiler.counters().front_end_runs, 4);
    EXPECT_EQ(compiler.counters().machine_code_runs, 12);
    EXPECT_EQ(compiler.counters().disk_stores, 12);
  }
  EXPECT_EQ(cubins.size(), 12u) << "configurations that differ in hints got the same cubin";

  // A new compiler on the same directory, as a second process would be: nothing compiled.
  NvrtcCompiler again(DiskCache::open(tmp / "cache"));
  std::size_t i = 0;
  for (int tile : {16, 32, 64, 128})
    for (unsigned occupancy : {1u, 2u, 4u})
      EXPECT_EQ(again.compile(tiled_request(tile, occupancy))->cubin, in_order[i++]);
  EXPECT_EQ(again.counters().front_end_runs, 0);
  EXPECT_EQ(again.counters().machine_code_runs, 0);
  EXPECT_EQ(again.counters().disk_loads, 12);
}

TEST(NvrtcCompiler, PreparedInOneProgramTheMachineCodeIsTheSameAsCompiledAlone) {
  std::vector<CompileRequest> requests;
  for (int tile : {16, 32, 64, 128})
    for (unsigned occupancy : {1u, 4u}) requests.push_back(tiled_request(tile, occupancy));

  NvrtcCompiler alone;
  NvrtcCompiler batched;
  batched.prepare(requests);
  EXPECT_EQ(batched.counters().front_end_runs, 1);
  EXPECT_EQ(batched.counters().batched_front_ends, 4);
  for (const CompileRequest& r : requests) {
    auto a = alone.compile(r);
    auto b = batched.compile(r);
    EXPECT_EQ(a->entry, b->entry);
    EXPECT_EQ(a->registers, b->registers);
    // The same machine code and resource information; only the embedded PTX text differs.
    for (const std::string section : {".text.", ".nv.info."}) {
      const auto code = testing::elf_section(a->cubin, section + a->entry);
      ASSERT_TRUE(code) << section << a->entry;
      EXPECT_EQ(code, testing::elf_section(b->cubin, section + b->entry))
          << r.description << " " << section;
    }
  }
  EXPECT_EQ(batched.counters().front_end_runs, 1) << "compile() ran a front end after prepare()";
  EXPECT_EQ(alone.counters().front_end_runs, 4);
}

TEST(NvrtcCompiler, OneBadInstantiationInABatchFailsOnlyItsOwnConfigurations) {
  constexpr std::string_view source = R"(#line 1 "checked.cu"
template <int N>
__global__ void checked(float* out) {
  static_assert(N % 2 == 0, "N must be even");
  out[threadIdx.x] = N;
}
)";
  std::vector<CompileRequest> requests;
  for (int n : {2, 3, 4}) {
    CompileRequest r;
    r.source = source;
    r.source_name = "checked.cu";
    r.name_expression = "checked<" + std::to_string(n) + ">";
    r.arch = 90;
    r.description = "n=" + std::to_string(n);
    requests.push_back(r);
  }
  NvrtcCompiler compiler;
  compiler.prepare(requests);  // does not throw
  EXPECT_EQ(compiler.counters().batched_front_ends, 0);
  EXPECT_EQ(compiler.counters().front_end_runs, 4) << "the batch, then each alone";
  EXPECT_FALSE(compiler.compile(requests[0])->cubin.empty());
  EXPECT_FALSE(compiler.compile(requests[2])->cubin.empty());
  try {
    compiler.compile(requests[1]);
    FAIL() << "n=3 compiled";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("configuration n=3: NVRTC could not compile `checked<3>`"),
              std::string::npos)
        << e.what();
    EXPECT_NE(e.log().find("checked.cu(3)"), std::string::npos) << e.log();
    EXPECT_NE(e.log().find("N must be even"), std::string::npos) << e.log();
  }
}

TEST(NvrtcCompiler, CompileErrorKeepsTheUsersFileAndLineAndNamesTheConfiguration) {
  NvrtcCompiler compiler;
  CompileRequest r;
  r.source = R"(#line 42 "user.cu"
template <int TILE>
__global__ void broken(float* out) {
  out[0] = TILE +;
}
)";
  r.source_name = "user.cu";
  r.name_expression = "broken<128>";
  r.arch = 90;
  r.description = "tile=128 occupancy=2";
  try {
    compiler.compile(r);
    FAIL() << "a syntax error compiled";
  } catch (const CompileError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(
        what.starts_with("configuration tile=128 occupancy=2: NVRTC could not compile "
                         "`broken<128>`"))
        << what;
    EXPECT_NE(what.find("user.cu(44): error"), std::string::npos) << what;
    EXPECT_NE(e.log().find("user.cu(44): error"), std::string::npos) << e.log();
  }
}

TEST(NvrtcCompiler, PrecompiledHeaderIsMadeInAPrivateDirectoryAndRemoved) {
  TemporaryDirectory tmp;
  const char* saved = std::getenv("TMPDIR");
  const std::string saved_tmpdir = saved ? saved : "";
  ::setenv("TMPDIR", tmp.path().c_str(), 1);
  constexpr std::string_view source = R"(
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <int SCALE>
__global__ void scaled_sum(const float* in, float* out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  float v = in[threadIdx.x] * SCALE;
  for (int d = 16; d > 0; d /= 2) v += warp.shfl_down(v, d);
  if (warp.thread_rank() == 0) out[threadIdx.x / 32] = v;
}
)";
  {
    NvrtcCompiler compiler(nullptr, PchMode::kAuto);
    for (int scale : {2, 3}) {
      CompileRequest r;
      r.source = source;
      r.source_name = "sum.cu";
      r.name_expression = "scaled_sum<" + std::to_string(scale) + ">";
      r.arch = 90;
      auto kernel = compiler.compile(r);
      EXPECT_GT(kernel->cubin.size(), 4u);
    }
    int pch_files = 0;
    for (const auto& dir : fs::directory_iterator(tmp.path())) {
      EXPECT_EQ(dir.path().filename().string().rfind("tiletune-pch-", 0), 0u) << dir.path();
      EXPECT_EQ(mode_of(dir.path().string()), 0700u);
      for (const auto& f : fs::directory_iterator(dir.path())) {
        pch_files += f.path().extension() == ".pch";
      }
    }
    EXPECT_GE(pch_files, 1) << "no precompiled header was made";
  }
  EXPECT_TRUE(fs::is_empty(tmp.path())) << "the PCH directory outlived its compiler";
  if (saved)
    ::setenv("TMPDIR", saved_tmpdir.c_str(), 1);
  else
    ::unsetenv("TMPDIR");
}

TEST(NvrtcCompiler, AutomaticPchOnlyForSourcesThatOpenWithIncludes) {
  EXPECT_TRUE(starts_with_include("#include <cub/cub.cuh>\n__global__ void k();"));
  EXPECT_TRUE(starts_with_include("// Device source sliced by tiletune.\n#include <a.h>\n"));
  EXPECT_TRUE(starts_with_include("\n  /* a\n block */ \n#  include \"a.h\"\n"));
  EXPECT_FALSE(starts_with_include("#line 1 \"user.cu\"\n#include <a.h>\n"));
  EXPECT_FALSE(starts_with_include("__global__ void k();\n#include <a.h>\n"));
  EXPECT_FALSE(starts_with_include("#define X 1\n#include <a.h>\n"));
  EXPECT_FALSE(starts_with_include("// only a comment"));
  EXPECT_FALSE(starts_with_include("/* unterminated"));
  EXPECT_FALSE(starts_with_include(""));
}

TEST(NvrtcCompiler, PchModeFromTheEnvironment) {
  ::setenv("TILETUNE_PCH", "0", 1);
  EXPECT_EQ(pch_mode_from_environment(), PchMode::kOff);
  ::setenv("TILETUNE_PCH", "1", 1);
  EXPECT_EQ(pch_mode_from_environment(), PchMode::kOn);
  ::setenv("TILETUNE_PCH", "auto", 1);
  EXPECT_EQ(pch_mode_from_environment(), PchMode::kAuto);
  ::setenv("TILETUNE_PCH", "yes", 1);
  try {
    pch_mode_from_environment();
    FAIL() << "TILETUNE_PCH=yes accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "tiletune: TILETUNE_PCH='yes' is not 0, 1 or auto");
  }
  ::unsetenv("TILETUNE_PCH");
  EXPECT_EQ(pch_mode_from_environment(), PchMode::kAuto);
}

}  // namespace
}  // namespace tiletune::detail
