// NVRTC front ends in worker processes (compile/worker_pool.h) against the same front ends in
// this process: the same bytes, the same exceptions, and in-process whenever a worker cannot
// answer. CPU only: NVRTC needs no GPU.
#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "compile/front_end/front_end_runner.h"
#include "compile/front_end/nvrtc_worker_path.h"
#include "compile/front_end/worker_pool.h"
#include "compile/front_end/worker_process.h"
#include "compile/nvrtc_compiler.h"
#include "nvrtc/nvrtc_front_end.h"
#include "process/compile_priority.h"
#include "support/front_end_support.h"
#include "support/temporary_directory.h"
#include "tiletune/error.h"

namespace tiletune::detail {
namespace {

using testing::built_worker;
using testing::exit_code_within;
using testing::expect_same;
using testing::kVaddSource;
using testing::Lines;
using testing::vadd_input;
using ScopedVariable = testing::ScopedEnvironment;

TEST(FrontEndProcesses, PtxFromAWorkerIsTheSameAsFromThisProcess) {
  WorkerPool pool(built_worker(), {});
  const FrontEndBatchOutput worker = pool.run(vadd_input(false), {"vadd<128>"});
  const FrontEndBatchOutput here = compile_to_ptx(vadd_input(false), {"vadd<128>"});
  ASSERT_FALSE(here.ptx.empty());
  expect_same(worker, here);
  EXPECT_EQ(pool.workers(), 1);
}

TEST(FrontEndProcesses, CubinBatchFromAWorkerIsTheSameAsFromThisProcess) {
  WorkerPool pool(built_worker(), {});
  const std::vector<std::string> names = {"vadd<64>", "vadd<128>", "vadd<256>"};
  const FrontEndBatchOutput worker = pool.run(vadd_input(true), names);
  const FrontEndBatchOutput here = compile_to_ptx(vadd_input(true), names);
  ASSERT_FALSE(here.cubin.empty());
  ASSERT_EQ(here.registers.size(), 3u);
  expect_same(worker, here);
}

TEST(FrontEndProcesses, CompileErrorComesBackWithNvrtcsLog) {
  constexpr std::string_view source = R"(#line 42 "user.cu"
__global__ void broken(float* out) {
  out[0] = 1.0f +;
}
)";
  const FrontEndInput input{source, "broken.cu", {}, {}, 90, false};
  std::string here_what;
  std::string here_log;
  try {
    compile_to_ptx(input, {"broken"});
  } catch (const CompileError& e) {
    here_what = e.what();
    here_log = e.log();
  }
  ASSERT_NE(here_log.find("user.cu(43)"), std::string::npos) << here_log;

  WorkerPool pool(built_worker(), {});
  try {
    pool.run(input, {"broken"});
    FAIL() << "a syntax error compiled in the worker";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.what(), here_what);
    EXPECT_EQ(e.log(), here_log);
  }
  // A source that does not compile is no fault of the worker's: it stays.
  EXPECT_EQ(pool.workers(), 1);
}

TEST(FrontEndProcesses, UnknownOptionComesBackAsAnErrorNotACompileError) {
  const FrontEndInput input = vadd_input(false, {"--no-such-option"});
  std::string here_what;
  try {
    compile_to_ptx(input, {"vadd<128>"});
  } catch (const CompileError&) {
    FAIL() << "in-process: a CompileError for an option";
  } catch (const Error& e) {
    here_what = e.what();
  }
  ASSERT_NE(here_what.find("--no-such-option"), std::string::npos) << here_what;

  WorkerPool pool(built_worker(), {});
  try {
    pool.run(input, {"vadd<128>"});
    FAIL() << "an unknown option was accepted in the worker";
  } catch (const CompileError&) {
    FAIL() << "worker: a CompileError for an option";
  } catch (const Error& e) {
    EXPECT_EQ(e.what(), here_what);
  }
}

TEST(FrontEndProcesses, SecondRequestReusesTheWorker) {
  WorkerPool pool(built_worker(), {});
  pool.run(vadd_input(false), {"vadd<32>"});
  const FrontEndBatchOutput second = pool.run(vadd_input(false), {"vadd<64>"});
  expect_same(second, compile_to_ptx(vadd_input(false), {"vadd<64>"}));
  EXPECT_EQ(pool.workers(), 1);
}

TEST(FrontEndProcesses, TwoThreadsCompileAtOnceThroughThePool) {
  const std::vector<std::string> names[2] = {{"vadd<32>"}, {"vadd<512>"}};
  FrontEndBatchOutput here[2];
  for (int i = 0; i < 2; ++i) here[i] = compile_to_ptx(vadd_input(false), names[i]);

  WorkerPool pool(built_worker(), {});
  FrontEndBatchOutput worker[2][2];
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i)
    threads.emplace_back([&, i] {
      for (int round = 0; round < 2; ++round)
        worker[i][round] = pool.run(vadd_input(false), names[i]);
    });
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < 2; ++i)
    for (int round = 0; round < 2; ++round) expect_same(worker[i][round], here[i]);
  // One worker each at most: a thread takes an idle one or starts its own.
  EXPECT_GE(pool.workers(), 1);
  EXPECT_LE(pool.workers(), 2);
}

// A worker runs kCompileNiceness below the process that started it, as the compile threads do,
// whichever thread started it: one started by a compile thread (already lowered) is not lowered
// twice.
TEST(FrontEndProcesses, AWorkerRunsAsNiceAsTheCompileThreadsWhicheverThreadStartedIt) {
  const int application = ::getpriority(PRIO_PROCESS, 0);  // this (the main) thread's
  for (const bool from_a_compile_thread : {false, true}) {
    WorkerPool pool(built_worker(), {});
    std::thread starter([&] {
      if (from_a_compile_thread) lower_compile_priority();
      pool.run(vadd_input(false), {"vadd<32>"});
    });
    starter.join();
    const std::vector<pid_t> workers = pool.idle_workers();
    ASSERT_EQ(workers.size(), 1u);
    EXPECT_EQ(::getpriority(PRIO_PROCESS, static_cast<id_t>(workers.front())),
              compile_nice_below(application))
        << (from_a_compile_thread ? "started by a compile thread" : "started by the application");
  }
}

TEST(FrontEndProcesses, ForkedChildStartsItsOwnWorkersAndLeavesItsParentsAlone) {
  WorkerPool pool(built_worker(), {});
  const FrontEndBatchOutput expected = compile_to_ptx(vadd_input(false), {"vadd<128>"});
  pool.run(vadd_input(false), {"vadd<64>"});  // the parent's worker, idle now
  const std::vector<pid_t> parents = pool.idle_workers();
  ASSERT_EQ(parents.size(), 1u);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Two processes writing to one worker would mix their requests: the child's must have a
    // worker of its own, and none of its parent's.
    if (pool.workers() != 0) ::_exit(2);
    const FrontEndBatchOutput out = pool.run(vadd_input(false), {"vadd<128>"});
    const std::vector<pid_t> own = pool.idle_workers();
    ::_exit(out.ptx == expected.ptx && own.size() == 1 && own[0] != parents[0] ? 0 : 1);
  }
  EXPECT_EQ(exit_code_within(child, std::chrono::seconds(120)), 0);
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}), expected);
  EXPECT_EQ(pool.idle_workers(), parents);
}

// Polls until `pool` has `count` idle workers (each has said its hello), for at most a minute.
std::vector<pid_t> idle_within_a_minute(WorkerPool& pool, std::size_t count) {
  for (int i = 0; i < 6000 && pool.idle_workers().size() < count; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::vector<pid_t> idle = pool.idle_workers();
  std::sort(idle.begin(), idle.end());
  return idle;
}

TEST(FrontEndProcesses, WorkersStartedAheadServeTheFirstRequestsAndAreStartedOnce) {
  WorkerPool pool(built_worker(), {});
  pool.start_ahead(2);
  EXPECT_EQ(pool.workers(), 2);  // counted from the call on
  pool.start_ahead(2);           // once per process: nothing more, however many are asked for
  pool.start_ahead(5);
  EXPECT_EQ(pool.workers(), 2);
  const std::vector<pid_t> ahead = idle_within_a_minute(pool, 2);
  ASSERT_EQ(ahead.size(), 2u);
  // The first request takes one of them (it ran NVRTC once already, and answers alike).
  expect_same(pool.run(vadd_input(false), {"vadd<64>"}),
              compile_to_ptx(vadd_input(false), {"vadd<64>"}));
  EXPECT_EQ(pool.workers(), 2);
  EXPECT_EQ(idle_within_a_minute(pool, 2), ahead);
}

TEST(FrontEndProcesses, WorkersStartedAheadCountTheOnesStartedAlready) {
  WorkerPool pool(built_worker(), {});
  pool.run(vadd_input(false), {"vadd<32>"});
  pool.start_ahead(3);
  EXPECT_EQ(pool.workers(), 3);
  EXPECT_EQ(idle_within_a_minute(pool, 3).size(), 3u);
}

TEST(FrontEndProcesses, AForkedChildOfAProcessStartingWorkersAheadStartsItsOwn) {
  WorkerPool pool(built_worker(), {});
  const FrontEndBatchOutput expected = compile_to_ptx(vadd_input(false), {"vadd<128>"});
  pool.start_ahead(2);  // its thread may be starting them as the child is forked
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (pool.workers() != 0) ::_exit(2);  // none of its parent's
    pool.start_ahead(1);                  // the child's own, once in the child
    if (pool.workers() != 1 || idle_within_a_minute(pool, 1).size() != 1) ::_exit(3);
    const FrontEndBatchOutput out = pool.run(vadd_input(false), {"vadd<128>"});
    ::_exit(out.ptx == expected.ptx && pool.workers() == 1 ? 0 : 1);
  }
  EXPECT_EQ(exit_code_within(child, std::chrono::seconds(120)), 0);
  EXPECT_EQ(idle_within_a_minute(pool, 2).size(), 2u);
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}), expected);
  EXPECT_EQ(pool.workers(), 2);
}

TEST(FrontEndProcesses, WorkerThatEndsBeforeAnsweringFailsOverToThisProcess) {
  // The request is far larger than a pipe holds, so the write itself meets the closed pipe: that
  // must not raise SIGPIPE in this process (which would end the test).
  const std::string source = std::string(kVaddSource) + "// " + std::string(1 << 20, 'x') + "\n";
  const FrontEndInput input{source, "vadd.cu", {}, {}, 90, false};
  Lines lines;
  WorkerPool pool("/bin/true", {.log = lines.log()});
  const FrontEndBatchOutput out = pool.run(input, {"vadd<128>"});
  expect_same(out, compile_to_ptx(input, {"vadd<128>"}));
  EXPECT_EQ(pool.workers(), 0);
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("ended before it answered"), std::string::npos) << lines.said[0];
  EXPECT_NE(lines.said[0].find("`vadd<128>`"), std::string::npos) << lines.said[0];
  // It never answered at all: no worker of that program is started again.
  EXPECT_NE(lines.said[0].find("and everything after"), std::string::npos) << lines.said[0];
  expect_same(pool.run(vadd_input(false), {"vadd<64>"}),
              compile_to_ptx(vadd_input(false), {"vadd<64>"}));
  EXPECT_EQ(lines.said.size(), 1u);
  EXPECT_TRUE(pool.idle_workers().empty());
}

TEST(FrontEndProcesses, WorkerKilledAfterItAnsweredIsReplaced) {
  Lines lines;
  WorkerPool pool(built_worker(), {.log = lines.log()});
  pool.run(vadd_input(false), {"vadd<32>"});
  const std::vector<pid_t> first = pool.idle_workers();
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(::kill(first[0], SIGKILL), 0);  // the pool reaps it
  expect_same(pool.run(vadd_input(false), {"vadd<64>"}),
              compile_to_ptx(vadd_input(false), {"vadd<64>"}));
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("ended before it answered"), std::string::npos) << lines.said[0];
  EXPECT_EQ(lines.said[0].find("everything after"), std::string::npos) << lines.said[0];
  EXPECT_EQ(pool.workers(), 0);
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  const std::vector<pid_t> second = pool.idle_workers();
  ASSERT_EQ(second.size(), 1u);
  EXPECT_NE(second[0], first[0]);
  EXPECT_EQ(lines.said.size(), 1u);
}

TEST(FrontEndProcesses, WorkerThatAnswersGarbageFailsOverToThisProcess) {
  // cat answers each request with the request itself: a frame, but no reply.
  Lines lines;
  WorkerPool pool("/bin/cat", {.log = lines.log()});
  const FrontEndBatchOutput out = pool.run(vadd_input(false), {"vadd<128>"});
  expect_same(out, compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  EXPECT_EQ(pool.workers(), 0);
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("not a reply"), std::string::npos) << lines.said[0];
  EXPECT_NE(lines.said[0].find("and everything after"), std::string::npos) << lines.said[0];
}

TEST(FrontEndProcesses, WorkerWhoseAnswerIsNotAFrameFailsOverToThisProcess) {
  // Sixteen zero bytes: a frame header of no protocol.
  testing::TemporaryDirectory directory;
  const std::string zeros = directory / "zeros";
  const std::string script = "#!/bin/sh\nhead -c 16 /dev/zero\ncat >/dev/null\n";
  testing::write_bytes(zeros, {script.begin(), script.end()});
  ASSERT_EQ(::chmod(zeros.c_str(), 0700), 0);
  Lines lines;
  WorkerPool pool(zeros, {.log = lines.log()});
  expect_same(pool.run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  EXPECT_EQ(pool.workers(), 0);
  ASSERT_EQ(lines.said.size(), 1u);
}

TEST(FrontEndProcesses, WorkerGivenSomethingThatIsNotARequestEnds) {
  const std::unique_ptr<WorkerProcess> worker = WorkerProcess::start(built_worker());
  EXPECT_EQ(
      worker->exchange("not a request", std::chrono::steady_clock::now() + std::chrono::minutes(10))
          .status,
      FrameStatus::kEnded);
}

TEST(FrontEndProcesses, NoPchWhereTheWorkersPchDirectoryCannotBeMade) {
  // The worker's own directory goes under the one asked for, which does not exist here: the
  // request is compiled without PCH rather than not at all.
  const FrontEndInput with_pch = vadd_input(false, {"--pch", "--pch-dir=/nonexistent/pch"});
  WorkerPool pool(built_worker(), {});
  expect_same(pool.run(with_pch, {"vadd<128>"}), compile_to_ptx(vadd_input(false), {"vadd<128>"}));
  EXPECT_EQ(pool.workers(), 1);
}

TEST(FrontEndProcesses, WorkerThatCannotStartMeansThisProcessFromThenOn) {
  testing::TemporaryDirectory directory;
  const std::string not_executable = directory / "tiletune-nvrtc-worker";
  testing::write_bytes(not_executable, {'#', '!'});
  Lines lines;
  WorkerPool pool(not_executable, {.log = lines.log()});
  for (const char* name : {"vadd<32>", "vadd<64>"})
    expect_same(pool.run(vadd_input(false), {name}), compile_to_ptx(vadd_input(false), {name}));
  EXPECT_EQ(pool.workers(), 0);
  ASSERT_EQ(lines.said.size(), 1u) << "said once, not per request";
  EXPECT_NE(lines.said[0].find("could not start"), std::string::npos) << lines.said[0];
  EXPECT_NE(lines.said[0].find("from now on"), std::string::npos) << lines.said[0];
}

TEST(FrontEndProcesses, ProcessesOffCompilesInThisProcessAndSaysWhy) {
  Lines lines;
  const std::shared_ptr<FrontEndRunner> runner = choose_front_ends(false, {.log = lines.log()});
  EXPECT_EQ(dynamic_cast<WorkerPool*>(runner.get()), nullptr);
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(lines.said[0].find("TILETUNE_COMPILE_PROCESSES=0"), std::string::npos) << lines.said[0];
  expect_same(runner->run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
}

TEST(FrontEndProcesses, MissingWorkerCompilesInThisProcessAndSaysWhy) {
  ScopedVariable worker("TILETUNE_NVRTC_WORKER", "/nonexistent/tiletune-nvrtc-worker");
  Lines lines;
  const std::shared_ptr<FrontEndRunner> runner = choose_front_ends(true, {.log = lines.log()});
  EXPECT_EQ(dynamic_cast<WorkerPool*>(runner.get()), nullptr);
  ASSERT_EQ(lines.said.size(), 1u);
  EXPECT_NE(
      lines.said[0].find("TILETUNE_NVRTC_WORKER=/nonexistent/tiletune-nvrtc-worker: not found"),
      std::string::npos)
      << lines.said[0];
  expect_same(runner->run(vadd_input(false), {"vadd<128>"}),
              compile_to_ptx(vadd_input(false), {"vadd<128>"}));
}

TEST(FrontEndProcesses, WorkerThatIsNotExecutableIsNotUsed) {
  testing::TemporaryDirectory directory;
  const std::string path = directory / "tiletune-nvrtc-worker";
  testing::write_bytes(path, {'#', '!'});
  ScopedVariable worker("TILETUNE_NVRTC_WORKER", path);
  const WorkerSearch search = find_nvrtc_worker();
  EXPECT_TRUE(search.path.empty());
  EXPECT_NE(search.why_not.find("not executable"), std::string::npos) << search.why_not;
}

TEST(FrontEndProcesses, WorkerFromTheEnvironmentComesFirst) {
  ScopedVariable worker("TILETUNE_NVRTC_WORKER", "/bin/cat");
  EXPECT_EQ(find_nvrtc_worker().path, "/bin/cat");
  Lines lines;
  EXPECT_NE(dynamic_cast<WorkerPool*>(choose_front_ends(true, {.log = lines.log()}).get()),
            nullptr);
  EXPECT_TRUE(lines.said.empty()) << "nothing said when workers are used";
}

TEST(FrontEndProcesses, CompilerStagesGiveTheSameKernelsThroughWorkers) {
  const std::string worker = built_worker();
  CompileRequest request;
  request.source = kVaddSource;
  request.source_name = "vadd.cu";
  request.name_expression = "vadd<128>";
  request.arch = 90;
  CompileRequest other = request;
  other.name_expression = "vadd<256>";
  const auto through_workers =
      nvrtc_stages(PchMode::kOff, std::make_shared<WorkerPool>(worker, WorkerSettings{}));
  const auto in_process = nvrtc_stages(PchMode::kOff, in_process_front_ends());
  const std::vector<CompileStages::Ptx> a = through_workers->front_end_batch({request, other});
  const std::vector<CompileStages::Ptx> b = in_process->front_end_batch({request, other});
  ASSERT_EQ(a.size(), 2u);
  ASSERT_EQ(b.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(a[i].entry, b[i].entry);
    EXPECT_EQ(a[i].cubin, b[i].cubin);
    EXPECT_EQ(a[i].registers, b[i].registers);
  }
  EXPECT_EQ(through_workers->front_end(request).cubin, in_process->front_end(request).cubin);
}

TEST(FrontEndProcesses, WorkersShareOnePchDirectoryAndGiveThisProcesssKernels) {
  // NVRTC's automatic PCH: the first run of a source that opens with #include writes a PCH of the
  // headers into the compiler's directory, later runs load it; here from four processes at once.
  constexpr std::string_view source = R"(#include <cuda_fp16.h>
template <int TILE>
__global__ void halve(__half* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = __hmul(x[i], __float2half(0.5f));
}
)";
  const auto request = [&](int tile) {
    CompileRequest r;
    r.source = source;
    r.source_name = "halve.cu";
    r.name_expression = "halve<" + std::to_string(tile) + ">";
    r.arch = 90;
    return r;
  };
  const std::vector<int> tiles = {32, 64, 128, 256, 512, 1024, 16, 8};
  const auto in_process = nvrtc_stages(PchMode::kOff, in_process_front_ends());
  std::vector<std::vector<char>> expected;
  for (int tile : tiles) expected.push_back(in_process->front_end(request(tile)).cubin);

  testing::TemporaryDirectory temporary;
  ScopedVariable tmpdir("TMPDIR", temporary.path().string());  // where the PCH directory goes
  const auto through_workers =
      nvrtc_stages(PchMode::kOn, std::make_shared<WorkerPool>(built_worker(), WorkerSettings{}));
  std::vector<std::vector<char>> got(tiles.size());
  std::vector<std::string> failures(tiles.size());
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = t; i < tiles.size(); i += 4) {
        try {
          got[i] = through_workers->front_end(request(tiles[i])).cubin;
        } catch (const std::exception& e) {
          failures[i] = e.what();
        }
      }
    });
  for (std::thread& thread : threads) thread.join();
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    EXPECT_EQ(failures[i], "") << tiles[i];
    EXPECT_EQ(got[i], expected[i]) << tiles[i];
  }
  // The PCH files are there, each in its worker's own directory.
  int pch_files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(temporary.path())) {
    if (entry.path().extension() != ".pch") continue;
    ++pch_files;
    EXPECT_TRUE(entry.path().parent_path().filename().string().starts_with("worker-"))
        << entry.path();
  }
  EXPECT_GE(pch_files, 1);
}

TEST(FrontEndProcesses, TheProcessRunnerIsMadeOnce) {
  EXPECT_EQ(front_ends_from_environment(), front_ends_from_environment());
}

// This test program again, running only TheProcessRunnerIsMadeOnce with `environment` added:
// what it wrote to stderr.
std::string stderr_of_process_runner(const std::vector<std::string>& environment) {
  testing::TemporaryDirectory directory;
  const std::string err = directory / "stderr";
  std::string command;
  for (const std::string& variable : environment) command += variable + " ";
  command += "/proc/" + std::to_string(::getpid()) +
             "/exe --gtest_filter=FrontEndProcesses.TheProcessRunnerIsMadeOnce >/dev/null 2>" + err;
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  const std::vector<char> bytes = testing::read_bytes(err);
  return {bytes.begin(), bytes.end()};
}

TEST(FrontEndProcesses, TheProcessRunnerSaysWhyOnStderrAtLogLevelOne) {
  EXPECT_EQ(stderr_of_process_runner({"TILETUNE_LOG=1", "TILETUNE_COMPILE_PROCESSES=0"}),
            "tiletune: compiling in this process: TILETUNE_COMPILE_PROCESSES=0\n");
  EXPECT_EQ(stderr_of_process_runner({"TILETUNE_LOG=0", "TILETUNE_COMPILE_PROCESSES=0"}), "");
  EXPECT_EQ(stderr_of_process_runner({"TILETUNE_LOG=1", "TILETUNE_NVRTC_WORKER=/nonexistent"}),
            "tiletune: compiling in this process: TILETUNE_NVRTC_WORKER=/nonexistent: not found\n");
  // Workers found: nothing said.
  EXPECT_EQ(stderr_of_process_runner({"TILETUNE_LOG=1"}), "");
}

}  // namespace
}  // namespace tiletune::detail
