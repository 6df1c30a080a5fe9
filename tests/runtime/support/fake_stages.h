// Compile stages without NVRTC or nvJitLink, for the caching compiler's tests: the "PTX" is the
// name expression, the "cubin" names the PTX and the hints. A gate holds every front-end run until
// the test opens it, so that tests can make callers meet inside one compile.
#pragma once

#include "compile/compile_stages.h"

#include <tiletune/error.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace tiletune::testing {

class FakeStages final : public detail::CompileStages {
 public:
  // Counters and the gate live outside the stages: the compiler owns the stages.
  struct Shared {
    std::atomic<int> front_end_runs{0};  // alone
    std::atomic<int> batch_runs{0};      // front_end_batch calls
    std::atomic<int> machine_code_runs{0};
    std::mutex mutex;
    std::condition_variable changed;
    bool open = true;
    int inside = 0;       // front-end runs in progress
    int most_inside = 0;  // the most seen at once
    // When > 0, each front-end run waits (up to 60 s) until this many are in progress at once.
    int wait_for_inside = 0;

    void set_open(bool value) {
      {
        std::lock_guard lock(mutex);
        open = value;
      }
      changed.notify_all();
    }
  };

  explicit FakeStages(Shared& shared, std::string toolchain = "fake 1")
      : shared_(shared), toolchain_(std::move(toolchain)) {}

  std::string toolchain() const override { return toolchain_; }

  Ptx front_end(const detail::CompileRequest& request) override {
    ++shared_.front_end_runs;
    pass_gate();
    return ptx_of(request);
  }

  std::vector<Ptx> front_end_batch(const std::vector<detail::CompileRequest>& requests) override {
    ++shared_.batch_runs;
    pass_gate();
    std::vector<Ptx> out;
    for (const detail::CompileRequest& request : requests) out.push_back(ptx_of(request));
    return out;
  }

  detail::CompiledKernel machine_code(const Ptx& ptx,
                                      const detail::CompileRequest& request) override {
    ++shared_.machine_code_runs;
    const std::string text = ptx.ptx + " occupancy " +
                             std::to_string(request.hints.min_blocks_per_sm) + " threads " +
                             std::to_string(request.hints.max_threads[0]);
    detail::CompiledKernel kernel;
    kernel.cubin.assign(text.begin(), text.end());
    kernel.entry = ptx.entry;
    kernel.registers = 32;
    return kernel;
  }

 private:
  void pass_gate() {
    {
      std::unique_lock lock(shared_.mutex);
      ++shared_.inside;
      if (shared_.inside > shared_.most_inside) shared_.most_inside = shared_.inside;
      shared_.changed.notify_all();
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      // The most seen at once, not the number inside now: the first to leave must not strand
      // the others.
      shared_.changed.wait_until(lock, deadline, [&] {
        return shared_.open && shared_.most_inside >= shared_.wait_for_inside;
      });
      --shared_.inside;
    }
  }

  // Any request naming "bad" does not compile, alone or in a batch.
  static Ptx ptx_of(const detail::CompileRequest& request) {
    if (request.name_expression.find("bad") != std::string::npos) {
      throw CompileError("fake front end could not compile `" + request.name_expression + "`",
                         "user.cu(7): error: fake error in " + request.name_expression);
    }
    return Ptx{"ptx of " + request.name_expression, "entry_" + request.name_expression};
  }

  Shared& shared_;
  std::string toolchain_;
};

// A request for `name` in a one-line source; an occupancy hint comes with a block of 256 threads.
inline detail::CompileRequest fake_request(std::string name, unsigned occupancy = 0) {
  detail::CompileRequest r;
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

// A compiled kernel whose "cubin" is `text`.
inline detail::CompiledKernel kernel_of(std::string text, int registers = 40) {
  detail::CompiledKernel k;
  k.cubin.assign(text.begin(), text.end());
  k.entry = "entry_" + text.substr(0, 4);
  k.registers = registers;
  return k;
}

}  // namespace tiletune::testing
