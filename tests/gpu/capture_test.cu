// A site's first launch inside CUDA stream capture, on a GPU: the capture stays valid in global,
// thread-local and relaxed modes and when another thread launches into the capturing stream; the
// replayed graph computes the right result; the next launch outside capture tunes, and a capture
// after that holds the winner.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

template <int TILE>
__global__ void twice_plus_one_kernel(const float* x, float* y, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) y[i] = 2.0f * x[i] + 1.0f;
}

void twice_plus_one(const float* x, float* y, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256)), key = (n), blocks = cld(n, $tile), threads = $tile,
           stream = s, twice_plus_one_kernel<$tile>(x, y, n));
}

namespace {

using tiletune::testing::DeviceBuffer;

struct Stream {
  Stream() { EXPECT_EQ(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), cudaSuccess); }
  ~Stream() { cudaStreamDestroy(s); }
  cudaStream_t s = nullptr;
};

int wrong_elements(const DeviceBuffer<float>& x, const DeviceBuffer<float>& y) {
  std::vector<float> hx = x.read(), hy = y.read();
  int wrong = 0;
  for (std::size_t i = 0; i < hx.size(); ++i) wrong += hy[i] != 2.0f * hx[i] + 1.0f;
  return wrong;
}

// One launch of the site captured on `stream` (by this thread, or by another while this one holds
// the capture), the graph replayed: "" when all went well, else what failed.
std::string capture_and_replay(const DeviceBuffer<float>& x, DeviceBuffer<float>& y, int n,
                               cudaStream_t stream, cudaStreamCaptureMode mode,
                               bool launch_on_other_thread) {
  y.poison();
  if (cudaStreamBeginCapture(stream, mode) != cudaSuccess) return "begin capture failed";
  std::string launch_error;
  auto launch = [&] {
    try {
      twice_plus_one(x.get(), y.get(), n, stream);
    } catch (const std::exception& e) {
      launch_error = e.what();
    }
  };
  if (launch_on_other_thread)
    std::thread(launch).join();
  else
    launch();
  cudaGraph_t graph = nullptr;
  cudaError_t end = cudaStreamEndCapture(stream, &graph);
  if (!launch_error.empty()) return "launch during capture: " + launch_error;
  if (end != cudaSuccess) return std::string("end capture: ") + cudaGetErrorString(end);
  cudaGraphExec_t exec = nullptr;
  cudaError_t e = cudaGraphInstantiate(&exec, graph, 0);
  if (e == cudaSuccess) e = cudaGraphLaunch(exec, stream);
  if (e == cudaSuccess) e = cudaStreamSynchronize(stream);
  if (exec) cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  if (e != cudaSuccess) return std::string("replay: ") + cudaGetErrorString(e);
  if (int wrong = wrong_elements(x, y)) return std::to_string(wrong) + " wrong elements";
  return "";
}

int tunings_of(int n) {
  int count = 0;
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (r.site.find("capture_test.cu") != std::string::npos && r.key.size == 1 &&
        r.key.values[0] == n && r.tuned && !r.cache_hit)
      ++count;
  return count;
}

void first_launch_in_capture(int n, cudaStreamCaptureMode mode, bool other_thread) {
  std::vector<float> hx(n);
  for (int i = 0; i < n; ++i) hx[i] = static_cast<float>(i % 977);
  DeviceBuffer<float> x(hx), y(n);
  Stream stream;
  EXPECT_EQ(capture_and_replay(x, y, n, stream.s, mode, other_thread), "");
  EXPECT_EQ(tunings_of(n), 0);  // captured untuned
  y.poison();
  twice_plus_one(x.get(), y.get(), n, stream.s);  // outside capture: tunes
  EXPECT_EQ(wrong_elements(x, y), 0);
  EXPECT_EQ(tunings_of(n), 1);
  EXPECT_EQ(capture_and_replay(x, y, n, stream.s, mode, other_thread), "");  // the winner
  EXPECT_EQ(tunings_of(n), 1);
}

TEST(CaptureGpu, EmbeddedDeviceSourceCompilesInEveryConfiguration) {
  tiletune::testing::expect_every_site_compiles("capture_test.cu", 3);
}

TEST(CaptureGpu, FirstLaunchInGlobalModeCapture) {
  TILETUNE_REQUIRE_GPU();
  first_launch_in_capture(100001, cudaStreamCaptureModeGlobal, false);
}

TEST(CaptureGpu, FirstLaunchInThreadLocalModeCapture) {
  TILETUNE_REQUIRE_GPU();
  first_launch_in_capture(100002, cudaStreamCaptureModeThreadLocal, false);
}

TEST(CaptureGpu, FirstLaunchInRelaxedModeCapture) {
  TILETUNE_REQUIRE_GPU();
  first_launch_in_capture(100003, cudaStreamCaptureModeRelaxed, false);
}

TEST(CaptureGpu, FirstLaunchFromAnotherThreadIntoAGlobalModeCapture) {
  TILETUNE_REQUIRE_GPU();
  first_launch_in_capture(100004, cudaStreamCaptureModeGlobal, true);
}

TEST(CaptureGpu, FirstLaunchFromAnotherThreadIntoAThreadLocalModeCapture) {
  TILETUNE_REQUIRE_GPU();
  first_launch_in_capture(100005, cudaStreamCaptureModeThreadLocal, true);
}

}  // namespace
