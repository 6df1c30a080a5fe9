// The device memory a tuning keeps besides the kernels: copies of the buffers trial launches
// write (put back before every trial launch and at the end), and a buffer larger than L2 that is
// written between samples to evict it.
#pragma once

#include "device/device.h"
#include "tune/output_comparison.h"

#include <tiletune/tuning_options.h>

#include <cstddef>
#include <vector>

namespace tiletune::detail {

class TrialMemory {
 public:
  // Saves the `restore` buffers (and, under `verify`, the outputs) and allocates the L2 flush
  // buffer. Throws tiletune::Error, having released what it took. The caller's buffers hold their
  // original contents again when this object goes, whatever happened in between.
  TrialMemory(Device& device, ContextHandle context, CUstream stream, const TuningOptions& options,
              long long l2_bytes);
  ~TrialMemory();
  TrialMemory(const TrialMemory&) = delete;
  TrialMemory& operator=(const TrialMemory&) = delete;

  // Before every trial launch: the in-place buffers as the caller left them; with `flush`, L2
  // evicted.
  void before_launch(bool flush);

  // Before a launch whose outputs are compared: also fill the write-only outputs with `poison`,
  // so that a configuration that leaves them unwritten cannot pass on an earlier one's values.
  void before_checked_launch(unsigned char poison);

  // The buffers `verify` compares, and their contents now.
  const std::vector<Buffer>& compared() const;
  Outputs read_outputs();

  // Every saved buffer back as the caller left it, waiting for the copies.
  void restore_all();

 private:
  struct Saved {
    Buffer buffer;
    DevicePointer copy;
    bool write_only;
  };

  void save(const Buffer& b, bool write_only);
  void release() noexcept;

  Device& device_;
  ContextHandle context_;
  CUstream stream_;
  const TuningOptions& options_;
  std::vector<Saved> saved_;
  DevicePointer flush_ = 0;
  std::size_t flush_bytes_ = 0;
  bool restored_ = false;
};

}  // namespace tiletune::detail
