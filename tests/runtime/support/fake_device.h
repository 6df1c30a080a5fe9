// Stand-ins for the GPU and the compiler, so the runtime's logic is tested on any machine. The
// fake compiler names each variant after its request; the fake device times a launch with a cost
// function of that name and the geometry, runs an optional host-side "kernel" on the arguments
// (device pointers are host addresses here), and records everything it is asked to do.
#pragma once

#include "compile/compiler.h"
#include "device/device.h"

#include <tiletune/error.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::testing {

// A variant's name: "<name expression>|occ=<min blocks>|ntid=<x>".
inline std::string variant_name(const detail::CompileRequest& r) {
  return r.name_expression + "|occ=" + std::to_string(r.hints.min_blocks_per_sm) +
         "|ntid=" + std::to_string(r.hints.max_threads[0]);
}

class FakeCompiler final : public detail::Compiler {
 public:
  std::shared_ptr<const detail::CompiledKernel> compile(
      const detail::CompileRequest& request) override {
    ++compiles;
    std::string name = variant_name(request);
    {
      std::lock_guard lock(mutex);
      requested.push_back(name);
    }
    if (before_compile) before_compile(name);
    if (fail_if && fail_if(name)) throw CompileError("fake compile error for " + name, "fake log");
    auto k = std::make_shared<detail::CompiledKernel>();
    const std::string code = machine_code_of ? machine_code_of(name) : name;
    k->cubin.assign(code.begin(), code.end());
    k->entry = code;
    k->registers = registers;
    return k;
  }

  void prepare(const std::vector<detail::CompileRequest>& requests) override {
    std::vector<std::string> names;
    for (const detail::CompileRequest& r : requests) names.push_back(variant_name(r));
    std::lock_guard lock(mutex);
    prepared.push_back(std::move(names));
    prepared_requests.push_back(requests);
  }

  int front_end_version() const override { return nvrtc_version; }

  int nvrtc_version = 0;  // what front_end_version() reports
  int registers = 32;     // what every build reports (-1: its compiler did not say)
  std::atomic<int> compiles{0};
  std::mutex mutex;
  std::vector<std::vector<std::string>> prepared;  // each prepare() call's variants, in order
  std::vector<std::vector<detail::CompileRequest>> prepared_requests;  // and its requests
  std::vector<std::string> requested;
  std::function<bool(const std::string&)> fail_if;
  std::function<void(const std::string&)> before_compile;  // runs on the compiling thread
  // The variant's machine code (and entry), where two variants are to compile alike; by default
  // its name.
  std::function<std::string(const std::string&)> machine_code_of;
};

class FakeDevice final : public detail::Device {
 public:
  // Milliseconds a launch of the named variant takes with this geometry.
  using Cost = std::function<double(const std::string& variant, const Geometry& geometry)>;
  // What a launch of the named variant does to its arguments, on the host.
  using Effect =
      std::function<void(const std::string& variant, const Geometry& geometry, void** args)>;

  explicit FakeDevice(Cost cost) : cost_(std::move(cost)) {
    device_info.name = "Fake GPU";
    device_info.id = "fake-sm90";
    device_info.arch = 90;
    device_info.multiprocessors = 132;
    device_info.l2_bytes = 1 << 20;
    device_info.clusters = true;
  }
  ~FakeDevice() override {
    for (auto& [p, bytes] : memory_) delete[] reinterpret_cast<unsigned char*>(p);
  }

  // Set before the runtime uses the device.
  detail::DeviceInfo device_info;
  Effect effect;
  std::function<bool(const std::string&)> load_fail_if, launch_fail_if;
  // A launch of a variant it names faults the GPU (detail::DeviceFault, as an illegal address
  // does): from then on every load, launch and copy fails with the same error, as in a CUDA
  // context after such a fault.
  std::function<bool(const std::string&)> fault_if;
  // The context has faulted already (work queued before the tuning): as after fault_if's fault.
  void fault() { faulted_ = true; }
  std::function<int(const std::string&)> max_threads_for;  // per variant; default 1024
  std::map<std::string, std::size_t> module_globals;       // every module's variables: name, bytes
  // false: launches are only counted (no lock, no allocation), for the launch-path test.
  std::atomic<bool> record{true};
  std::atomic<long> launch_count{0};

  // While set, every stream is capturing: launches are recorded as "capture NAME", each adds a
  // kernel node to the one captured graph (captured_graph()), and anything a capture forbids
  // (timing, allocating, copying, reading) is recorded in forbidden().
  std::atomic<bool> capture{false};
  // Milliseconds a launch of the named variant takes inside a replayed graph (default: `cost`).
  Cost graph_cost;
  // What an eager launch's cost is multiplied by for a cluster size (default: 1 for every size).
  std::function<double(int cluster)> cluster_cost_factor;

  // A kernel node of the captured graph, or of an executable graph made from it.
  struct Node {
    std::string variant;
    detail::FunctionHandle function = nullptr;
    Geometry geometry;
  };
  detail::GraphHandle captured_graph() { return &graph_; }
  // The node `node` of the executable graph `exec` as set_kernel_node left it (the captured node
  // where it never set it): an executable graph made from the captured graph, as instantiating
  // copies it.
  Node exec_node(detail::GraphExecHandle exec, detail::GraphNodeHandle node) {
    std::lock_guard lock(mutex_);
    auto it = exec_nodes_.find({exec, node});
    return it != exec_nodes_.end() ? it->second : graph_.at(index_of(node));
  }
  // Destroys the captured graph and its executables: what when_destroyed() asked for runs.
  void destroy_graph() {
    std::vector<std::function<void()>> gone;
    {
      std::lock_guard lock(mutex_);
      gone.swap(on_destroy_);
      graph_.clear();
      exec_nodes_.clear();
    }
    for (auto& f : gone) f();
  }

  // Several GPUs in one process: the calling thread's device is the one it last chose with
  // use_device (0 unless it did), each with its own context and, where device_infos says, its own
  // model.
  static void use_device(int index) { current_device_ = index; }
  static int current_device() { return current_device_; }
  std::map<int, detail::DeviceInfo> device_infos;  // set before the runtime uses the device

  // While set, there is no GPU: current_context throws as the CUDA device does.
  std::atomic<bool> absent{false};

  detail::ContextHandle current_context() override {
    if (absent) throw Error("tiletune: no CUDA device: cuInit: no CUDA-capable device is detected");
    return &contexts_[current_device_];
  }
  // The device a context is the context of.
  int device_of(detail::ContextHandle context) const {
    return static_cast<int>(static_cast<const int*>(context) - contexts_);
  }
  // How many launches were timed on each device.
  std::map<int, int> timings_per_device() {
    std::lock_guard l(mutex_);
    return timings_per_device_;
  }

  bool capturing(CUstream) override { return capture.load(); }

  detail::DeviceInfo info(detail::ContextHandle context) override {
    auto own = device_infos.find(device_of(context));
    return own == device_infos.end() ? device_info : own->second;
  }

  detail::FunctionHandle load(detail::ContextHandle, const std::vector<char>& cubin,
                              const std::string& entry) override {
    std::lock_guard lock(mutex_);
    if (std::string(cubin.begin(), cubin.end()) != entry)
      throw Error("fake load: cubin does not hold " + entry);
    if (faulted_) throw detail::DeviceFault(kFault);
    if (load_fail_if && load_fail_if(entry)) throw Error("fake load error for " + entry);
    loaded_.push_back(entry);
    return reinterpret_cast<detail::FunctionHandle>(loaded_.size());  // 1-based index
  }

  int max_threads_per_block(detail::FunctionHandle f) override {
    std::lock_guard lock(mutex_);
    return max_threads_for ? max_threads_for(name_of(f)) : 1024;
  }

  void launch(detail::FunctionHandle f, const Geometry& g, void** args, int cluster) override {
    ++launch_count;
    if (!record.load()) return;
    std::string name;
    {
      std::lock_guard lock(mutex_);
      name = name_of(f);
      launches_.push_back(name);
      events_.push_back((capture ? "capture " : "launch ") + name);
      last_geometry_ = g;
      last_cluster_ = cluster;
      if (capture) graph_.push_back({name, f, g});
    }
    run(name, g, args);
  }

  double time_launch(detail::FunctionHandle f, const Geometry& g, void** args,
                     int cluster) override {
    std::string name;
    {
      std::lock_guard lock(mutex_);
      name = name_of(f);
      timed_.push_back(name);
      ++timings_per_device_[current_device_];
      events_.push_back("time " + name);
      forbid_during_capture("time " + name);
    }
    run(name, g, args);
    return cost_(name, g) * (cluster_cost_factor ? cluster_cost_factor(cluster) : 1.0);
  }

  detail::GraphExecHandle launch_graph(detail::FunctionHandle f, const Geometry& g, void**, int,
                                       int launches) override {
    std::lock_guard lock(mutex_);
    const std::string name = name_of(f);
    events_.push_back("graph " + name + " x" + std::to_string(launches));
    forbid_during_capture("graph " + name);
    graphs_.push_back({name, g, launches});
    return reinterpret_cast<detail::GraphExecHandle>(graphs_.size());  // 1-based index
  }

  double time_graph(detail::GraphExecHandle graph, CUstream) override {
    TimingGraph t;
    {
      std::lock_guard lock(mutex_);
      t = graphs_.at(reinterpret_cast<std::size_t>(graph) - 1);
      events_.push_back("replay " + t.variant);
      forbid_during_capture("replay " + t.variant);
    }
    return (graph_cost ? graph_cost : cost_)(t.variant, t.geometry) * t.launches;
  }

  void release_graph(detail::GraphExecHandle graph) noexcept override {
    std::lock_guard lock(mutex_);
    events_.push_back("release graph " +
                      graphs_.at(reinterpret_cast<std::size_t>(graph) - 1).variant);
  }

  detail::CapturedNode last_captured_node(CUstream) override {
    std::lock_guard lock(mutex_);
    if (!capture || graph_.empty()) return {};
    return {&graph_, reinterpret_cast<detail::GraphNodeHandle>(graph_.size())};
  }

  bool when_destroyed(detail::GraphHandle graph, std::function<void()> gone) override {
    std::lock_guard lock(mutex_);
    if (graph != &graph_) return false;
    on_destroy_.push_back(std::move(gone));
    return true;
  }

  std::vector<std::pair<detail::GraphNodeHandle, detail::FunctionHandle>> kernel_nodes(
      detail::GraphHandle graph) override {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<detail::GraphNodeHandle, detail::FunctionHandle>> nodes;
    if (graph != &graph_) return nodes;
    for (std::size_t i = 0; i < graph_.size(); ++i)
      nodes.emplace_back(reinterpret_cast<detail::GraphNodeHandle>(i + 1), graph_[i].function);
    return nodes;
  }

  void set_kernel_node(detail::GraphExecHandle exec, detail::GraphNodeHandle node,
                       detail::FunctionHandle f, const Geometry& g) override {
    std::lock_guard lock(mutex_);
    const std::size_t i = index_of(node);
    if (i >= graph_.size()) throw Error("fake set_kernel_node: no such node");
    exec_nodes_[{exec, node}] = Node{name_of(f), f, g};
    events_.push_back("set node " + std::to_string(i + 1) + " " + name_of(f));
  }

  // Each loaded module's copy of the variables named in `module_globals` (name: bytes), zeroed
  // at first use; a copy into or out of one is recorded as "symbol NAME in" or "symbol NAME out".
  detail::DevicePointer global(detail::FunctionHandle f, const std::string& name,
                               std::size_t& bytes) override {
    std::lock_guard lock(mutex_);
    auto size = module_globals.find(name);
    bytes = 0;
    if (size == module_globals.end()) return 0;
    std::vector<unsigned char>& memory = globals_[{name_of(f), name}];
    memory.resize(size->second);
    bytes = memory.size();
    return reinterpret_cast<detail::DevicePointer>(memory.data());
  }

  // The module's copy of `name` in the variant `variant` (as loaded; an Effect may write it, as a
  // kernel would), or nullptr before the runtime asked for it.
  unsigned char* module_global(const std::string& variant, const std::string& name) {
    std::lock_guard lock(mutex_);
    auto it = globals_.find({variant, name});
    return it == globals_.end() ? nullptr : it->second.data();
  }

  detail::DevicePointer allocate(detail::ContextHandle, std::size_t bytes) override {
    auto* p = new unsigned char[bytes];
    std::lock_guard lock(mutex_);
    memory_[reinterpret_cast<detail::DevicePointer>(p)] = bytes;
    events_.push_back("allocate " + std::to_string(bytes));
    forbid_during_capture("allocate");
    return reinterpret_cast<detail::DevicePointer>(p);
  }

  void release(detail::ContextHandle, detail::DevicePointer p) noexcept override {
    std::lock_guard lock(mutex_);
    if (memory_.erase(p)) delete[] reinterpret_cast<unsigned char*>(p);
  }

  void copy(detail::DevicePointer to, detail::DevicePointer from, std::size_t bytes,
            CUstream stream) override {
    if (faulted_) throw detail::DeviceFault(kFault);
    std::memcpy(reinterpret_cast<void*>(to), reinterpret_cast<const void*>(from), bytes);
    std::lock_guard lock(mutex_);
    // A copy into or out of a module's variable is stream-ordered work a capture records.
    for (auto& [owner, memory] : globals_) {
      const auto at = reinterpret_cast<detail::DevicePointer>(memory.data());
      if (at != to && at != from) continue;
      events_.push_back("symbol " + owner.second + (at == to ? " in " : " out ") +
                        std::to_string(reinterpret_cast<std::uintptr_t>(stream)));
      return;
    }
    events_.push_back("copy " + std::to_string(bytes));
    forbid_during_capture("copy");
  }

  void fill(detail::DevicePointer to, unsigned char byte, std::size_t bytes, CUstream) override {
    if (faulted_) throw detail::DeviceFault(kFault);
    std::memset(reinterpret_cast<void*>(to), byte, bytes);
    std::lock_guard lock(mutex_);
    events_.push_back("fill " + std::to_string(bytes));
    forbid_during_capture("fill");
  }

  void read(void* to, detail::DevicePointer from, std::size_t bytes, CUstream) override {
    if (faulted_) throw detail::DeviceFault(kFault);
    std::memcpy(to, reinterpret_cast<const void*>(from), bytes);
    std::lock_guard lock(mutex_);
    events_.push_back("read " + std::to_string(bytes));
    forbid_during_capture("read");
  }

  std::vector<std::string> loaded() {
    std::lock_guard l(mutex_);
    return loaded_;
  }
  std::vector<std::string> launches() {
    std::lock_guard l(mutex_);
    return launches_;
  }
  std::vector<std::string> timed() {
    std::lock_guard l(mutex_);
    return timed_;
  }
  // Every operation in order: "launch NAME" ("capture NAME" during capture), "time NAME", "allocate
  // N", "copy N", "fill N", "read N", "symbol NAME in STREAM", "symbol NAME out STREAM".
  std::vector<std::string> events() {
    std::lock_guard l(mutex_);
    return events_;
  }
  Geometry last_geometry() {
    std::lock_guard l(mutex_);
    return last_geometry_;
  }
  int last_cluster() {
    std::lock_guard l(mutex_);
    return last_cluster_;
  }
  // What was called during capture that a capture forbids.
  std::vector<std::string> forbidden() {
    std::lock_guard l(mutex_);
    return forbidden_;
  }
  std::size_t live_allocations() {
    std::lock_guard l(mutex_);
    return memory_.size();
  }

 private:
  void forbid_during_capture(const std::string& what) {  // with mutex_ held
    if (capture) forbidden_.push_back(what);
  }
  static std::size_t index_of(detail::GraphNodeHandle node) {
    return reinterpret_cast<std::size_t>(node) - 1;
  }
  std::string name_of(detail::FunctionHandle f) {
    return loaded_.at(reinterpret_cast<std::size_t>(f) - 1);
  }
  void run(const std::string& name, const Geometry& g, void** args) {
    if (faulted_ || (fault_if && fault_if(name))) {
      faulted_ = true;
      throw detail::DeviceFault(kFault);
    }
    if (launch_fail_if && launch_fail_if(name))
      throw Error("fake launch error: too many resources requested for launch of " + name);
    if (effect) effect(name, g, args);
  }

  static constexpr const char* kFault =
      "cuCtxSynchronize failed: an illegal memory access was encountered (fake)";
  std::atomic<bool> faulted_{false};
  Cost cost_;
  static constexpr int kDevices = 8;
  int contexts_[kDevices] = {};
  static inline thread_local int current_device_ = 0;
  std::map<int, int> timings_per_device_;
  std::mutex mutex_;
  std::vector<std::string> loaded_, launches_, timed_, events_, forbidden_;
  std::map<detail::DevicePointer, std::size_t> memory_;
  std::map<std::pair<std::string, std::string>, std::vector<unsigned char>> globals_;
  Geometry last_geometry_;
  int last_cluster_ = 0;
  struct TimingGraph {
    std::string variant;
    Geometry geometry;
    int launches = 0;
  };
  std::vector<TimingGraph> graphs_;  // made by launch_graph, by 1-based handle
  std::vector<Node> graph_;          // the captured graph's kernel nodes, by 1-based handle
  std::map<std::pair<detail::GraphExecHandle, detail::GraphNodeHandle>, Node> exec_nodes_;
  std::vector<std::function<void()>> on_destroy_;
};

}  // namespace tiletune::testing
