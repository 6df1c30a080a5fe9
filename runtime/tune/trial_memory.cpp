#include "tune/trial_memory.h"

#include <algorithm>

namespace tiletune::detail {
namespace {

DevicePointer address(const void* p) { return reinterpret_cast<DevicePointer>(p); }

}  // namespace

TrialMemory::TrialMemory(Device& device, ContextHandle context, CUstream stream,
                         const TuningOptions& options, long long l2_bytes)
    : device_(device), context_(context), stream_(stream), options_(options) {
  try {
    for (const Buffer& b : options.restore) save(b, false);
    if (options.verify)
      for (const Buffer& b : options.outputs)
        if (std::none_of(saved_.begin(), saved_.end(),
                         [&](const Saved& s) { return s.buffer.pointer == b.pointer; }))
          save(b, true);
    if (options.flush_l2) {
      // Twice the L2 size, so nothing a kernel left there survives the write.
      flush_bytes_ = static_cast<std::size_t>(std::max(l2_bytes, 32ll << 20)) * 2;
      flush_ = device_.allocate(context_, flush_bytes_);
    }
  } catch (...) {
    release();
    throw;
  }
}

TrialMemory::~TrialMemory() { release(); }

void TrialMemory::before_launch(bool flush) {
  for (const Saved& s : saved_)
    if (!s.write_only) device_.copy(address(s.buffer.pointer), s.copy, s.buffer.bytes, stream_);
  if (flush && flush_) device_.fill(flush_, 0, flush_bytes_, stream_);
}

void TrialMemory::before_checked_launch(unsigned char poison) {
  before_launch(false);
  for (const Saved& s : saved_)
    if (s.write_only) device_.fill(address(s.buffer.pointer), poison, s.buffer.bytes, stream_);
}

const std::vector<Buffer>& TrialMemory::compared() const {
  return options_.outputs.empty() ? options_.restore : options_.outputs;
}

Outputs TrialMemory::read_outputs() {
  Outputs out;
  for (const Buffer& b : compared()) {
    out.emplace_back(b.bytes);
    device_.read(out.back().data(), address(b.pointer), b.bytes, stream_);
  }
  return out;
}

void TrialMemory::restore_all() {
  for (const Saved& s : saved_)
    device_.copy(address(s.buffer.pointer), s.copy, s.buffer.bytes, stream_);
  if (!saved_.empty()) {
    unsigned char sync;
    device_.read(&sync, saved_.front().copy, 1, stream_);  // waits for the copies
  }
  restored_ = true;
}

void TrialMemory::save(const Buffer& b, bool write_only) {
  if (b.bytes == 0) return;
  DevicePointer copy = device_.allocate(context_, b.bytes);
  saved_.push_back({b, copy, write_only});
  device_.copy(copy, address(b.pointer), b.bytes, stream_);
}

void TrialMemory::release() noexcept {
  if (!restored_ && !saved_.empty()) {
    try {
      restore_all();
    } catch (...) {  // the original error is the one to report
    }
  }
  for (const Saved& s : saved_) device_.release(context_, s.copy);
  saved_.clear();
  if (flush_) device_.release(context_, flush_);
  flush_ = 0;
}

}  // namespace tiletune::detail
