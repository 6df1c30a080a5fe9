// The one narrow interface through which the runtime reaches a GPU: find the context, load machine
// code, launch, time a launch. A fake implementation stands in for it in the tests, so the caches,
// the tuner and the launch path are tested on machines with no GPU.
#pragma once

#include <tiletune/launch.h>

#include <string>
#include <vector>

namespace tiletune::detail {

using ContextHandle = void*;
using FunctionHandle = void*;

struct DeviceInfo {
  std::string name;
  std::string id;  // stable identity of the model, part of the results key
  int arch = 0;    // compute capability, major*10+minor
  int multiprocessors = 0;
  int max_threads_per_block = 1024;
  int max_shared_per_block = 48 * 1024;
};

class Device {
 public:
  virtual ~Device() = default;

  // The calling thread's context, making the primary context current where there is none (as the
  // CUDA runtime does). Throws tiletune::Error when there is no usable GPU.
  virtual ContextHandle current_context() = 0;
  virtual DeviceInfo info(ContextHandle context) = 0;

  // Loads a cubin into the context and returns its entry. Throws tiletune::Error with the driver's
  // reason.
  virtual FunctionHandle load(ContextHandle context, const std::vector<char>& cubin,
                              const std::string& entry) = 0;

  // Enqueues one launch on geometry.stream; `cluster` > 1 launches thread-block clusters of that
  // size along x. Throws tiletune::Error with the driver's reason.
  virtual void launch(FunctionHandle function, const Geometry& geometry, void** args,
                      int cluster) = 0;

  // Milliseconds of one launch, measured with events on geometry.stream. Throws like launch.
  virtual double time_launch(FunctionHandle function, const Geometry& geometry, void** args,
                             int cluster) = 0;
};

}  // namespace tiletune::detail
