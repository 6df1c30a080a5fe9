// The one narrow interface through which the runtime reaches a GPU: find the context, load machine
// code, launch, time a launch, and the few memory operations tuning needs (saving and restoring
// buffers, comparing outputs, flushing L2). A fake implementation stands in for it in the tests, so
// the caches, the tuner and the launch path are tested on machines with no GPU.
#pragma once

#include <tiletune/launch.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::detail {

using ContextHandle = void*;
using FunctionHandle = void*;
using DevicePointer = std::uint64_t;  // a CUdeviceptr
using GraphHandle = void*;            // a CUgraph
using GraphNodeHandle = void*;        // a CUgraphNode
using GraphExecHandle = void*;        // a CUgraphExec

// The graph a stream is capturing and the node its last launch added to it.
struct CapturedNode {
  GraphHandle graph = nullptr;
  GraphNodeHandle node = nullptr;
};

struct DeviceInfo {
  std::string name;
  std::string id;  // stable identity of the model, part of the results key
  int arch = 0;    // compute capability, major*10+minor
  int multiprocessors = 0;
  int max_threads_per_block = 1024;
  int max_shared_per_block = 48 * 1024;  // dynamic shared memory a block may opt in to
  // What one multiprocessor holds at once, for the occupancy hint's checks (0: not known, not
  // checked).
  int max_threads_per_multiprocessor = 0;
  int max_shared_per_multiprocessor = 0;  // bytes
  int registers_per_multiprocessor = 0;
  long long l2_bytes = 0;
  bool clusters = false;   // thread-block clusters (sm_90 and later)
  int driver_version = 0;  // the driver's CUDA version (major*1000 + minor*10), 0: not known
};

// The GPU faulted while running work: an illegal or misaligned address, an illegal instruction, a
// trap or a failed device-side assert, a kernel that ran past the watchdog. The CUDA context is
// unusable after it: every later call into it fails with the same error, until the process ends
// (the driver API's documentation of these errors). A device throws it, rather than a plain Error,
// for the calls that report such an error.
class DeviceFault : public Error {
 public:
  using Error::Error;
};

class Device {
 public:
  virtual ~Device() = default;

  // The calling thread's context, making the primary context current where there is none (as the
  // CUDA runtime does). Throws tiletune::Error when there is no usable GPU.
  virtual ContextHandle current_context() = 0;
  virtual DeviceInfo info(ContextHandle context) = 0;

  // Loads a cubin into the context and returns its entry, allowed the device's whole opt-in shared
  // memory and (sm_90) non-portable cluster sizes. Throws tiletune::Error with the driver's reason.
  virtual FunctionHandle load(ContextHandle context, const std::vector<char>& cubin,
                              const std::string& entry) = 0;

  // The most threads per block a loaded function can launch with (its registers decide).
  virtual int max_threads_per_block(FunctionHandle function) = 0;

  // Enqueues one launch on geometry.stream; `cluster` > 1 launches thread-block clusters of that
  // size along x. Throws tiletune::Error with the driver's reason.
  virtual void launch(FunctionHandle function, const Geometry& geometry, void** args,
                      int cluster) = 0;

  // Milliseconds of one launch, measured with events on geometry.stream. Throws like launch.
  virtual double time_launch(FunctionHandle function, const Geometry& geometry, void** args,
                             int cluster) = 0;

  // Where the module of a loaded function keeps the global variable `name` (its lowered name), and
  // its size in `bytes`; 0 when the module has no such variable. Throws tiletune::Error.
  virtual DevicePointer global(FunctionHandle function, const std::string& name,
                               std::size_t& bytes) = 0;

  // Device memory in `context`, for the copies tuning keeps. Throws tiletune::Error.
  virtual DevicePointer allocate(ContextHandle context, std::size_t bytes) = 0;
  virtual void release(ContextHandle context, DevicePointer pointer) noexcept = 0;

  // Stream-ordered memory operations in the calling thread's context.
  virtual void copy(DevicePointer to, DevicePointer from, std::size_t bytes, CUstream stream) = 0;
  virtual void fill(DevicePointer to, unsigned char byte, std::size_t bytes, CUstream stream) = 0;
  // Copies to the host and waits for it (and for everything before it on the stream).
  virtual void read(void* to, DevicePointer from, std::size_t bytes, CUstream stream) = 0;

  // Whether `stream` is capturing a CUDA graph: then a launch on it is recorded, not run, and
  // timing, synchronising or allocating would invalidate the capture. When the driver cannot tell
  // (the legacy stream beside another capture), it counts as capturing.
  virtual bool capturing(CUstream stream) = 0;

  // For `measure = graph`: an executable CUDA graph of `launches` launches of the function, made
  // without running it. Throws tiletune::Error.
  virtual GraphExecHandle launch_graph(FunctionHandle function, const Geometry& geometry,
                                       void** args, int cluster, int launches) = 0;
  // Milliseconds of one replay of `graph` on `stream`, measured with events. Throws like launch.
  virtual double time_graph(GraphExecHandle graph, CUstream stream) = 0;
  virtual void release_graph(GraphExecHandle graph) noexcept = 0;

  // Right after a launch on a capturing stream: the graph it captures into and the kernel node the
  // launch added (the stream's one dependency then); {} when the driver cannot say.
  virtual CapturedNode last_captured_node(CUstream stream) = 0;
  // Has `gone` called (on any thread) once `graph` and every executable graph made from it are
  // destroyed; false when the driver cannot.
  virtual bool when_destroyed(GraphHandle graph, std::function<void()> gone) = 0;
  // The kernel nodes of `graph` and the function each launches.
  virtual std::vector<std::pair<GraphNodeHandle, FunctionHandle>> kernel_nodes(
      GraphHandle graph) = 0;
  // Makes `node` of `exec` (an executable graph made from the node's graph) launch `function` with
  // `geometry` (its stream aside) and the node's own arguments. Throws tiletune::Error.
  virtual void set_kernel_node(GraphExecHandle exec, GraphNodeHandle node, FunctionHandle function,
                               const Geometry& geometry) = 0;
};

}  // namespace tiletune::detail
