// What libtiletune carries so that a program runs where only the driver and NVRTC are: the toolkit
// headers (compile/built_in/toolkit_headers.h) and the NVRTC worker run from memory
// (compile/front_end/nvrtc_worker_path.h). CPU only: NVRTC needs no GPU.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "compile/built_in/built_in_files.h"
#include "compile/built_in/inflate.h"
#include "compile/built_in/toolkit_headers.h"
#include "compile/front_end/front_end_runner.h"
#include "compile/front_end/nvrtc_worker_path.h"
#include "compile/front_end/worker_pool.h"
#include "compile/nvrtc_compiler.h"
#include "nvrtc/nvrtc_front_end.h"
#include "support/temporary_directory.h"
#include "support/test_kernels.h"
#include "tiletune/error.h"

namespace tiletune::detail {
namespace {

// A tuned kernel that includes toolkit headers, as a slice of one would.
constexpr const char* kHalfSource = R"(#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void halves(__half* x) {
  cg::thread_block block = cg::this_thread_block();
  x[block.thread_rank()] = __float2half(1.5f);
}
)";

// The machine of a deployment: no toolkit headers where tiletune was built, TILETUNE_CUDA_INCLUDE
// unset, the cache directory a fresh one. Undone after the test.
class ToolkitHeadersAbsent : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* chosen = std::getenv("TILETUNE_CUDA_INCLUDE")) saved_include_ = chosen;
    ::unsetenv("TILETUNE_CUDA_INCLUDE");
    ::setenv("TILETUNE_CACHE_DIR", cache_.path().c_str(), 1);
    set_toolkit_include_dir_for_testing(cache_ / "no-toolkit/include");
  }
  void TearDown() override {
    set_toolkit_include_dir_for_testing("");
    ::unsetenv("TILETUNE_CACHE_DIR");
    if (!saved_include_.empty()) ::setenv("TILETUNE_CUDA_INCLUDE", saved_include_.c_str(), 1);
  }

  testing::TemporaryDirectory cache_;
  std::string saved_include_;
};

std::string compressed(const std::string& bytes) {
  uLongf size = ::compressBound(bytes.size());
  std::string out(size, '\0');
  EXPECT_EQ(::compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                        reinterpret_cast<const Bytef*>(bytes.data()), bytes.size(), 9),
            Z_OK);
  out.resize(size);
  return out;
}

// A header archive (toolkit_headers.h's form) of one file.
const std::string kOneHeaderArchive = "cuda_fp16.h\n9\n// a half";

std::vector<std::string> entries_of(const std::filesystem::path& directory) {
  std::vector<std::string> names;
  if (std::filesystem::exists(directory))
    for (const auto& entry : std::filesystem::directory_iterator(directory))
      names.push_back(entry.path().filename().string());
  return names;
}

CompileRequest half_request() {
  CompileRequest request;
  request.source = kHalfSource;
  request.source_name = "halves.cu";
  request.name_expression = "halves";
  request.arch = 90;
  return request;
}

TEST_F(ToolkitHeadersAbsent, NvrtcAloneFindsNoHeaders) {
  // What makes the next test mean something: with the toolkit's directory unreachable, nothing
  // else gives NVRTC cuda_fp16.h.
  for (const std::string& option : front_end_options({kHalfSource, "halves.cu", "halves", {}, 90}))
    EXPECT_EQ(option.find("--include-path"), std::string::npos) << option;
  try {
    compile_to_ptx({kHalfSource, "halves.cu", "halves", {}, 90});
    FAIL() << "compiled without any toolkit headers";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("cuda_fp16.h"), std::string::npos) << e.what();
  }
}

TEST_F(ToolkitHeadersAbsent, SliceWithFp16AndCooperativeGroupsCompilesFromBuiltInCopy) {
  std::unique_ptr<CompileStages> stages = nvrtc_stages(PchMode::kOff, in_process_front_ends());
  const CompileRequest request = half_request();
  const CompileStages::Ptx ptx = stages->front_end(request);
  EXPECT_FALSE(ptx.cubin.empty());
  EXPECT_NE(ptx.entry.find("halves"), std::string::npos) << ptx.entry;
  // The headers came from the copy written under the cache directory, named in the toolchain
  // (part of every compile key).
  const std::string written =
      cache_ / ("tiletune-cuda-include-" + std::string(built_in_toolkit_headers_hash()));
  EXPECT_TRUE(std::filesystem::exists(written + "/cuda_fp16.h"));
  EXPECT_TRUE(std::filesystem::exists(written + "/cooperative_groups.h"));
  EXPECT_NE(stages->toolchain().find("headers " + written), std::string::npos)
      << stages->toolchain();
}

TEST_F(ToolkitHeadersAbsent, CccLibrariesCompileFromBuiltInCopy) {
  std::unique_ptr<CompileStages> stages = nvrtc_stages(PchMode::kOff, in_process_front_ends());
  CompileRequest request = half_request();
  request.source = R"(#include <cub/block/block_reduce.cuh>
#include <cuda/std/cstdint>
__global__ void sum(const float* in, float* out) {
  using Reduce = cub::BlockReduce<float, 128>;
  __shared__ typename Reduce::TempStorage storage;
  float total = Reduce(storage).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0) *out = total + static_cast<float>(cuda::std::uint8_t{1});
}
)";
  request.name_expression = "sum";
  EXPECT_FALSE(stages->front_end(request).cubin.empty());
}

TEST_F(ToolkitHeadersAbsent, CurandKernelCompilesFromBuiltInCopy) {
  // The slice includes <curand_kernel.h> for cuRAND's device API (tool/slice/include_policy), so
  // the copy must hold it and what it includes (curand_philox4x32_x.h, curand_precalc.h, ...).
  std::unique_ptr<CompileStages> stages = nvrtc_stages(PchMode::kOff, in_process_front_ends());
  CompileRequest request = half_request();
  request.source = R"(#include <curand_kernel.h>
__global__ void uniform(float4* out, int seed) {
  curandStatePhilox4_32_10_t state;
  curand_init(seed, threadIdx.x, 0, &state);
  out[threadIdx.x] = curand_uniform4(&state);
}
)";
  request.name_expression = "uniform";
  EXPECT_FALSE(stages->front_end(request).cubin.empty());
}

TEST_F(ToolkitHeadersAbsent, ChosenDirectoryStillWins) {
  // TILETUNE_CUDA_INCLUDE names the headers even where the built-in copy would do.
  ::setenv("TILETUNE_CUDA_INCLUDE", (cache_ / "chosen").c_str(), 1);
  const ToolkitHeaders headers = toolkit_headers(cache_.path().string());
  ::unsetenv("TILETUNE_CUDA_INCLUDE");
  EXPECT_EQ(headers.directory, cache_ / "chosen");
  EXPECT_TRUE(headers.options.empty());
}

TEST(BuiltInToolkitHeaders, WrittenOnceThenReused) {
  testing::TemporaryDirectory parent;
  std::string problem;
  const std::string first = write_built_in_toolkit_headers(parent.path().string(), problem);
  ASSERT_FALSE(first.empty()) << problem;
  const auto written = std::filesystem::last_write_time(first + "/cuda_fp16.h");
  EXPECT_EQ(write_built_in_toolkit_headers(parent.path().string(), problem), first);
  EXPECT_EQ(std::filesystem::last_write_time(first + "/cuda_fp16.h"), written);
  // No temporaries left beside it.
  int entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(parent.path()))
    ++entries;
  EXPECT_EQ(entries, 1);
}

TEST(BuiltInToolkitHeaders, ADirectoryOthersMayWriteIsNotUsed) {
  testing::TemporaryDirectory parent;
  std::string problem;
  const std::string directory = write_built_in_toolkit_headers(parent.path().string(), problem);
  ASSERT_FALSE(directory.empty()) << problem;
  ASSERT_EQ(::chmod(directory.c_str(), 0777), 0);
  EXPECT_EQ(write_built_in_toolkit_headers(parent.path().string(), problem), "");
  EXPECT_NE(problem.find("writable by group or others"), std::string::npos) << problem;
}

TEST(BuiltInToolkitHeaders, AnUnwritableCacheFallsBackToTheTemporaryDirectory) {
  testing::TemporaryDirectory cache, tmp;
  // A cache directory below a file cannot be made, by root either.
  testing::write_bytes(cache / "file", {});
  set_toolkit_include_dir_for_testing(cache / "no-toolkit");
  ::setenv("TMPDIR", tmp.path().c_str(), 1);
  const ToolkitHeaders headers = toolkit_headers(cache / "file/tiletune");
  ::unsetenv("TMPDIR");
  set_toolkit_include_dir_for_testing("");
  EXPECT_EQ(headers.directory.rfind(tmp.path().string(), 0), 0u) << headers.directory;
}

TEST(BuiltInToolkitHeaders, NoWritableDirectorySaysWhy) {
  set_toolkit_include_dir_for_testing("/nonexistent/tiletune-test/include");
  ::setenv("TMPDIR", "/proc/tiletune-test-nowhere", 1);
  const ToolkitHeaders headers = toolkit_headers("/proc/tiletune-test-nowhere-either");
  ::unsetenv("TMPDIR");
  set_toolkit_include_dir_for_testing("");
  EXPECT_EQ(headers.directory, "");
  EXPECT_TRUE(headers.options.empty());
  EXPECT_NE(headers.problem.find("/proc/tiletune-test-nowhere-either"), std::string::npos)
      << headers.problem;
  EXPECT_NE(headers.problem.find("/proc/tiletune-test-nowhere"), std::string::npos);
}

TEST(BuiltInFiles, StoredCompressedAndInflateToTheirRecordedSize) {
  for (const BuiltInFile& file : {built_in_toolkit_headers(), built_in_nvrtc_worker()}) {
    EXPECT_LT(file.compressed.size() * 2, file.size) << file.name;
    std::string problem = "not cleared";
    EXPECT_EQ(inflated(file, problem).size(), file.size) << file.name;
    EXPECT_EQ(problem, "");
  }
  std::string problem;
  EXPECT_EQ(inflated(built_in_nvrtc_worker(), problem).substr(0, 4),
            "\x7f"
            "ELF");
}

TEST(BuiltInFiles, EachWayOfBeingDamagedIsSaid) {
  const std::string good = compressed(kOneHeaderArchive);
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x55;
  const std::string trailing = good + "xyz";
  const struct {
    BuiltInFile file;
    std::string says;
  } cases[] = {
      {{"flipped", flipped, kOneHeaderArchive.size()}, "zlib: data error"},
      {{"cut short", std::string_view(good).substr(0, good.size() - 3), kOneHeaderArchive.size()},
       "zlib: data error"},
      {{"recorded short", good, kOneHeaderArchive.size() - 2}, "inflates to more than the"},
      {{"recorded one short", good, kOneHeaderArchive.size() - 1},
       "it inflates to " + std::to_string(kOneHeaderArchive.size()) + " bytes, " +
           std::to_string(kOneHeaderArchive.size() - 1) + " bytes recorded"},
      {{"recorded long", good, kOneHeaderArchive.size() + 1},
       "it inflates to " + std::to_string(kOneHeaderArchive.size()) + " bytes, " +
           std::to_string(kOneHeaderArchive.size() + 1) + " bytes recorded"},
      {{"trailing", trailing, kOneHeaderArchive.size()}, "bytes follow the end"},
  };
  for (const auto& [file, says] : cases) {
    std::string problem;
    EXPECT_EQ(inflated(file, problem), "") << file.name;
    EXPECT_NE(problem.find("the built-in " + std::string(file.name) + " cannot be inflated"),
              std::string::npos)
        << problem;
    EXPECT_NE(problem.find(says), std::string::npos) << problem;
    EXPECT_NE(problem.find("rebuild libtiletune"), std::string::npos) << problem;
  }
}

TEST(BuiltInToolkitHeaders, AnArchiveThatInflatesIsWritten) {
  // What makes the next two tests mean something: the same path with sound bytes writes them.
  testing::TemporaryDirectory parent;
  const std::string archive = compressed(kOneHeaderArchive);
  std::string problem;
  const std::string directory = write_toolkit_header_archive(
      {"test archive", archive, kOneHeaderArchive.size()}, "abc", parent.path().string(), problem);
  EXPECT_EQ(directory, parent / "tiletune-cuda-include-abc") << problem;
  const std::vector<char> written = testing::read_bytes(directory + "/cuda_fp16.h");
  EXPECT_EQ(std::string(written.begin(), written.end()), "// a half");
}

TEST(BuiltInToolkitHeaders, ADamagedCompressedArchiveSaysSoAndLeavesNothing) {
  testing::TemporaryDirectory parent;
  std::string archive = compressed(kOneHeaderArchive);
  archive[archive.size() / 2] ^= 0x55;
  std::string problem;
  EXPECT_EQ(write_toolkit_header_archive({"test archive", archive, kOneHeaderArchive.size()}, "abc",
                                         parent / "cache", problem),
            "");
  EXPECT_NE(problem.find("the built-in test archive cannot be inflated"), std::string::npos)
      << problem;
  EXPECT_EQ(entries_of(parent.path()), std::vector<std::string>{});
}

TEST(BuiltInToolkitHeaders, AnArchiveThatInflatesToNonsenseLeavesNoDirectory) {
  testing::TemporaryDirectory parent;
  const std::string bytes = kOneHeaderArchive + "next.h\n999\ntoo short";
  std::string problem;
  EXPECT_EQ(write_toolkit_header_archive({"test archive", compressed(bytes), bytes.size()}, "abc",
                                         parent.path().string(), problem),
            "");
  EXPECT_NE(problem.find("the built-in header archive is damaged"), std::string::npos) << problem;
  EXPECT_EQ(entries_of(parent.path()), std::vector<std::string>{});
}

TEST(BuiltInNvrtcWorker, ADamagedCopySaysSo) {
  const BuiltInFile worker = built_in_nvrtc_worker();
  std::string damaged(worker.compressed);
  damaged[damaged.size() / 2] ^= 0x55;
  std::string problem;
  EXPECT_EQ(nvrtc_worker_in_memory({worker.name, damaged, worker.size}, problem), "");
  EXPECT_NE(problem.find("the built-in NVRTC worker cannot be inflated"), std::string::npos)
      << problem;
}

TEST(BuiltInNvrtcWorker, RunsFromMemoryAsTheFileDoes) {
  std::string problem;
  const std::string path = built_in_nvrtc_worker_path(problem);
  ASSERT_FALSE(path.empty()) << problem;
  EXPECT_EQ(path.rfind("/proc/" + std::to_string(::getpid()) + "/fd/", 0), 0u) << path;
  const LogLine fails = [](const std::string& line) { ADD_FAILURE() << line; };
  WorkerPool pool(path, {.log = fails, .warn = fails});
  const FrontEndInput input{testing::kVaddSource, "vadd.cu", {}, {}, 90, true};
  const FrontEndBatchOutput from_memory = pool.run(input, {"vadd<128>"});
  const FrontEndBatchOutput here = compile_to_ptx(input, {"vadd<128>"});
  EXPECT_EQ(from_memory.cubin, here.cubin);
  EXPECT_EQ(from_memory.lowered_names, here.lowered_names);
}

}  // namespace
}  // namespace tiletune::detail
