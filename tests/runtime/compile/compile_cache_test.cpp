// The compile cache: keys, single flight, errors, batches and the disk cache underneath, with fake
// stages where the toolchain does not matter and with NVRTC + nvJitLink (on the CPU) where it does.
#include <gtest/gtest.h>

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

#include "compile/cache/compile_key.h"
#include "compile/cache/single_flight.h"
#include "compile/nvrtc_compiler.h"
#include "hash/content_hash.h"
#include "store/disk_cache.h"
#include "support/elf_section.h"
#include "support/fake_stages.h"
#include "support/temporary_directory.h"
#include "tiletune/error.h"
#include "tune/thread_pool.h"

namespace tiletune::detail {
namespace {

namespace fs = std::filesystem;
using testing::fake_request;
using testing::FakeStages;
using testing::mode_of;
using testing::read_bytes;
using testing::TemporaryDirectory;
using testing::write_bytes;

// ---- keys ----

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

TEST(CompileKey, TheOutputKindIsPartOfTheFrontEndKey) {
  const std::string toolchain = "nvrtc 13000 nvjitlink 13000 headers /usr/local/cuda/include";
  const CompileRequest hinted = fake_request("k<1>", 2);
  CompileRequest plain = hinted;
  plain.hints = EntryHints{};
  ASSERT_EQ(output_kind(hinted), OutputKind::kPtx);
  ASSERT_EQ(output_kind(plain), OutputKind::kCubin);
  // NVRTC's cubin and PTX for nvJitLink are different outputs of one source: neither may be
  // taken for the other, in memory or on disk.
  EXPECT_NE(front_end_key(plain, toolchain), front_end_key(hinted, toolchain));
  EXPECT_NE(front_end_key(plain, toolchain).find("output=5:cubin\n"), std::string::npos);
  EXPECT_NE(front_end_key(hinted, toolchain).find("output=3:ptx\n"), std::string::npos);
  // Any hint at all needs the PTX edit.
  for (int field = 0; field < 4; ++field) {
    CompileRequest one = plain;
    if (field < 3)
      one.hints.max_threads[field] = 1;
    else
      one.hints.min_blocks_per_sm = 1;
    EXPECT_EQ(output_kind(one), OutputKind::kPtx) << "field " << field;
  }
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
      // Recursively: each NVRTC worker process keeps its PCH files in a directory of its own.
      for (const auto& f : fs::recursive_directory_iterator(dir.path())) {
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

}  // namespace
}  // namespace tiletune::detail