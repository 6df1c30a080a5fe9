// CUDA graphs all the way, on a GPU: a graph captured with a site's first launch (a provisional
// configuration) runs the winner after tiletune::update_graph once the key has tuned (the kernel
// reports which configuration ran, and with which block size); TuneAhead tunes before a capture;
// `measure = graph` times replays of a graph; `verify` with its poison fill catches a configuration
// that leaves part of its output unwritten, which comparing outputs alone misses.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <unistd.h>

// SLOW = 1 spins before writing, so that it never wins: the first configuration, the one a capture
// before tuning holds. The first thread says which configuration ran, and -1 where the block is
// not the configuration's own (a node updated to the winner's function but not its geometry).
template <int SLOW, int TILE>
__global__ void marked_kernel(const float* x, float* y, int* ran, int n) {
  if (SLOW) {
    const long long start = clock64();
    while (clock64() - start < 100000) {
    }
  }
  const int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i] + 1.0f;
  if (i == 0) *ran = blockDim.x == TILE ? SLOW : -1;
}

void marked(const float* x, float* y, int* ran, int n, cudaStream_t s) {
  TILETUNE(space = [ (slow = 1, tile = 128), (slow = 0, tile = 256) ], key = (n),
           blocks = cld(n, $tile), threads = $tile, stream = s,
           marked_kernel<$slow, $tile>(x, y, ran, n));
}

void marked_in_graph(const float* x, float* y, int* ran, int n, cudaStream_t s) {
  TILETUNE(space = [ (slow = 1, tile = 128), (slow = 0, tile = 256) ], key = (n),
           blocks = cld(n, $tile), threads = $tile, stream = s, measure = graph,
           marked_kernel<$slow, $tile>(x, y, ran, n));
}

// SKIP = 1 leaves the last element unwritten.
template <int TILE, int SKIP>
__global__ void square_kernel(const float* in, float* out, int n) {
  const int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n - SKIP) out[i] = in[i] * in[i];
}

void square_skip_second(const float* in, float* out, int n, cudaStream_t s) {
  TILETUNE(space = [ (tile = 128, skip = 0), (tile = 256, skip = 1), (tile = 64, skip = 0) ],
           key = (n), blocks = cld(n, $tile), threads = $tile, stream = s,
           outputs = (out, n * sizeof(float)), verify = true,
           square_kernel<$tile, $skip>(in, out, n));
}

void square_skip_first(const float* in, float* out, int n, cudaStream_t s) {
  TILETUNE(space = [ (tile = 64, skip = 1), (tile = 128, skip = 0), (tile = 256, skip = 0) ],
           key = (n), blocks = cld(n, $tile), threads = $tile, stream = s,
           outputs = (out, n * sizeof(float)), verify = true,
           square_kernel<$tile, $skip>(in, out, n));
}

namespace {

using tiletune::testing::DeviceBuffer;

// A results file of this process's own, removed at exit, so that every run tunes here: a winner an
// earlier run stored would come back as one measurement, not a tuning these tests can look into.
// Set before the first launch creates the runtime, which reads the environment once.
const std::string kResultsFile = [] {
  const std::string path = "/tmp/tiletune_graph_test_" + std::to_string(getpid()) + ".txt";
  setenv("TILETUNE_RESULTS_FILE", path.c_str(), 1);
  std::atexit([] {
    std::remove(("/tmp/tiletune_graph_test_" + std::to_string(getpid()) + ".txt").c_str());
  });
  return path;
}();

struct Stream {
  Stream() { EXPECT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess); }
  ~Stream() { cudaStreamDestroy(s); }
  cudaStream_t s = nullptr;
};

struct Buffers {
  explicit Buffers(int n) : x(inputs(n)), y(n), ran(1) {}
  static std::vector<float> inputs(int n) {
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = static_cast<float>(i % 977);
    return h;
  }
  int wrong() const {
    std::vector<float> hx = x.read(), hy = y.read();
    int wrong = 0;
    for (std::size_t i = 0; i < hx.size(); ++i) wrong += hy[i] != 2.0f * hx[i] + 1.0f;
    return wrong;
  }
  int which_ran() const { return ran.read()[0]; }
  DeviceBuffer<float> x, y;
  DeviceBuffer<int> ran;
};

// Milliseconds per replay of `exec`, over `replays` back to back.
float replay_ms(cudaGraphExec_t exec, cudaStream_t s, int replays) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaGraphLaunch(exec, s);  // warm
  cudaEventRecord(start, s);
  for (int i = 0; i < replays; ++i) cudaGraphLaunch(exec, s);
  cudaEventRecord(stop, s);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms / replays;
}

// One launch of `marked` captured on `s` into a new graph.
cudaGraph_t capture(Buffers& b, int n, cudaStream_t s) {
  cudaGraph_t graph = nullptr;
  EXPECT_EQ(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
  marked(b.x.get(), b.y.get(), b.ran.get(), n, s);
  EXPECT_EQ(cudaStreamEndCapture(s, &graph), cudaSuccess);
  return graph;
}

// The replay of `exec`: "" when it computed the right result with configuration `expected`.
std::string replay(Buffers& b, cudaGraphExec_t exec, cudaStream_t s, int expected) {
  b.y.poison();
  if (cudaGraphLaunch(exec, s) != cudaSuccess || cudaStreamSynchronize(s) != cudaSuccess)
    return "replay failed";
  if (int wrong = b.wrong()) return std::to_string(wrong) + " wrong elements";
  if (b.which_ran() != expected)
    return "ran slow=" + std::to_string(b.which_ran()) + ", expected " + std::to_string(expected);
  return "";
}

TEST(GraphGpu, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("graph_test.cu", 10);
}

TEST(GraphGpu, AGraphCapturedBeforeTuningRunsTheWinnerAfterTheUpdate) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 20;
  Buffers b(n);
  Stream stream;
  cudaGraph_t graph = capture(b, n, stream.s);  // the key's first launch: provisional, slow=1
  cudaGraphExec_t exec = nullptr, other = nullptr;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphInstantiate(&other, graph, 0), cudaSuccess);
  EXPECT_EQ(replay(b, exec, stream.s, 1), "");
  EXPECT_EQ(tiletune::update_graph(exec, graph), 0);  // not tuned yet
  const float before_ms = replay_ms(exec, stream.s, 20);

  marked(b.x.get(), b.y.get(), b.ran.get(), n, stream.s);  // outside capture: tunes
  EXPECT_EQ(b.which_ran(), 0);
  EXPECT_EQ(tiletune::update_graph(exec, graph), 1);
  EXPECT_EQ(tiletune::update_graph(exec, graph), 0);  // up to date
  EXPECT_EQ(replay(b, exec, stream.s, 0), "");        // the winner, with its block size
  const float after_ms = replay_ms(exec, stream.s, 20);
  EXPECT_EQ(tiletune::update_graph(other, graph), 1);  // every executable graph of the capture
  EXPECT_EQ(replay(b, other, stream.s, 0), "");
  std::printf(
      "graph replay of a %d-element launch captured before tuning: %.4f ms provisional, "
      "%.4f ms after update_graph (%.1fx)\n",
      n, before_ms, after_ms, before_ms / after_ms);
  cudaGraphExecDestroy(exec);
  cudaGraphExecDestroy(other);
  cudaGraphDestroy(graph);
}

TEST(GraphGpu, TuneAheadTunesSoThatTheCaptureHoldsTheWinner) {
  TILETUNE_REQUIRE_GPU();
  const int n = (1 << 20) + 1;
  Buffers b(n);
  Stream stream;
  {
    tiletune::TuneAhead ahead;
    marked(b.x.get(), b.y.get(), b.ran.get(), n, stream.s);
  }
  cudaGraph_t graph = capture(b, n, stream.s);
  cudaGraphExec_t exec = nullptr;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  EXPECT_EQ(replay(b, exec, stream.s, 0), "");
  EXPECT_EQ(tiletune::update_graph(exec, graph), 0);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}

TEST(GraphGpu, MeasureGraphTimesGraphReplaysAndSaysSo) {
  TILETUNE_REQUIRE_GPU();
  const int n = 1 << 16;
  Buffers b(n);
  Stream stream;
  marked_in_graph(b.x.get(), b.y.get(), b.ran.get(), n, stream.s);
  EXPECT_EQ(b.wrong(), 0);
  EXPECT_EQ(b.which_ran(), 0);
  bool found = false;
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (r.kernel.find("marked_kernel") != std::string::npos && r.key.values[0] == n) {
      found = true;
      EXPECT_EQ(r.measure, "graph");
      EXPECT_NE(r.table().find("measured: graph"), std::string::npos) << r.table();
      EXPECT_FALSE(r.from_file);
      EXPECT_EQ(r.best_config(), (tiletune::Config{0, 256}));
      EXPECT_GT(r.measurements[r.best].median_ms, 0);
    }
  EXPECT_TRUE(found);
}

TEST(GraphGpu, AConfigurationThatSkipsPartOfItsOutputIsCaughtByThePoisonFill) {
  TILETUNE_REQUIRE_GPU();
  const int n = 4096;
  std::vector<float> hin(n);
  for (int i = 0; i < n; ++i) hin[i] = static_cast<float>(i % 100);
  DeviceBuffer<float> in(hin), out(n);
  // Without the fill, the skipping configuration (after a correct one) leaves the correct value
  // where it skips: comparing its outputs alone would pass it.
  square_kernel<128, 0><<<n / 128, 128>>>(in.get(), out.get(), n);
  const std::vector<float> correct = out.read();
  square_kernel<256, 1><<<n / 256, 256>>>(in.get(), out.get(), n);
  EXPECT_EQ(out.read(), correct);

  out.poison();
  square_skip_second(in.get(), out.get(), n, nullptr);
  EXPECT_EQ(out.read(), correct);
  std::vector<tiletune::TuningResult> all = tiletune::tuning_results();
  const tiletune::TuningResult* r = nullptr;
  for (const tiletune::TuningResult& t : all)
    if (t.kernel.find("square_kernel") != std::string::npos && t.key.values[0] == n) r = &t;
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->measurements.size(), 3u) << r->table();
  EXPECT_TRUE(r->measurements[0].ok);
  EXPECT_FALSE(r->measurements[1].ok);
  // 0xff bytes: a NaN where the first configuration's is 95 * 95.
  EXPECT_NE(r->measurements[1].failure.find("wrong result: output 0 element 4095 is -nan"),
            std::string::npos)
      << r->measurements[1].failure;
  EXPECT_NE(r->best, 1);
}

TEST(GraphGpu, AFirstConfigurationThatSkipsPartOfItsOutputIsNoReference) {
  TILETUNE_REQUIRE_GPU();
  const int n = 4097;
  std::vector<float> hin(n);
  for (int i = 0; i < n; ++i) hin[i] = static_cast<float>(i % 100);
  DeviceBuffer<float> in(hin), out(n);
  out.poison();
  square_skip_first(in.get(), out.get(), n, nullptr);
  const std::vector<float> result = out.read();
  EXPECT_EQ(result[n - 1], hin[n - 1] * hin[n - 1]);
  std::vector<tiletune::TuningResult> all = tiletune::tuning_results();
  const tiletune::TuningResult* r = nullptr;
  for (const tiletune::TuningResult& t : all)
    if (t.kernel.find("square_kernel") != std::string::npos && t.key.values[0] == n) r = &t;
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(r->measurements.size(), 3u) << r->table();
  EXPECT_FALSE(r->measurements[0].ok);
  EXPECT_EQ(r->measurements[0].failure,
            "wrong result: leaves output 0 byte 16384 (of 16388) unwritten");
  EXPECT_TRUE(r->measurements[1].ok);
  EXPECT_TRUE(r->measurements[2].ok);
  EXPECT_NE(r->best, 0);
}

}  // namespace
