// Tuning time of a 24-configuration tiled matmul: the default pipeline (workers compile while this
// thread measures; PTX shared by configurations that differ only in occupancy) against a serial
// run of the same runtime (one configuration at a time on this thread, each compiled from scratch).
// Goal: pipeline / serial <= 0.30. Prints both wall times and the ratio; skips without a GPU.
#include "tuning_bench_support.h"

#include "compiler.h"

#include <cstdio>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

// A compiler with no memory between requests: every configuration runs the front end.
class UnsharedCompiler final : public detail::Compiler {
 public:
  std::shared_ptr<const detail::CompiledKernel> compile(const detail::CompileRequest& r) override {
    detail::NvrtcCompiler fresh(nullptr, detail::PchMode::kOff);
    return fresh.compile(r);
  }
};

double tune_once(std::unique_ptr<detail::Device> device, std::shared_ptr<detail::Compiler> compiler,
                 RuntimeOptions options, int* measured) {
  detail::Device& d = *device;
  options.log = stderr;
  options.results_file = "";  // tune, never start from a file
  Runtime runtime(std::move(device), std::move(compiler), options);
  const int n = 1024;
  MatmulLaunch matmul(d, n);
  Site site(matmul_site(), &runtime);
  double seconds = matmul.first_launch_seconds(site);
  *measured = 0;
  for (const Measurement& m : site.result(key(n))->measurements) *measured += m.ok;
  return seconds;
}

}  // namespace

int main() {
  std::unique_ptr<detail::Device> first = open_gpu_or_skip("tuning_time");
  if (!first) return 0;
  {
    // Load NVRTC and nvJitLink once, so neither run pays for it.
    detail::NvrtcCompiler warm(nullptr, detail::PchMode::kOff);
    detail::CompileRequest r;
    r.source = "__global__ void warm() {}";
    r.source_name = "warm.cu";
    r.name_expression = "warm";
    r.arch = first->info(first->current_context()).arch;
    warm.compile(r);
  }
  int measured_serial = 0, measured_pipeline = 0;
  RuntimeOptions serial;
  serial.pipeline = false;
  serial.workers = 1;
  double serial_s =
      tune_once(std::move(first), std::make_shared<UnsharedCompiler>(), serial, &measured_serial);
  RuntimeOptions pipeline;  // default: a worker per core
  double pipeline_s =
      tune_once(detail::open_cuda_device(), std::make_shared<detail::NvrtcCompiler>(nullptr),
                pipeline, &measured_pipeline);
  std::printf("tuning_time: 24-configuration matmul, %u hardware threads\n",
              std::thread::hardware_concurrency());
  std::printf("  serial (1 thread, no overlap, no PTX sharing): %.3f s (%d configurations ran)\n",
              serial_s, measured_serial);
  std::printf("  pipeline (default):                            %.3f s (%d configurations ran)\n",
              pipeline_s, measured_pipeline);
  std::printf("  ratio pipeline/serial: %.3f (goal <= 0.30)\n", pipeline_s / serial_s);
  return 0;
}
