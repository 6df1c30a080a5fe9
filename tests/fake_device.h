// Stand-ins for the GPU and the compiler, so the runtime's logic is tested on any machine. The
// fake compiler names each variant after its request; the fake device times a launch with a cost
// function of that name and the geometry, and counts everything it is asked to do.
#pragma once

#include "compiler.h"
#include "device.h"

#include <tiletune/error.h>

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
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
    if (fail_if && fail_if(name)) throw CompileError("fake compile error for " + name, "fake log");
    auto k = std::make_shared<detail::CompiledKernel>();
    k->cubin.assign(name.begin(), name.end());
    k->entry = name;
    k->registers = 32;
    return k;
  }

  std::atomic<int> compiles{0};
  std::mutex mutex;
  std::vector<std::string> requested;
  std::function<bool(const std::string&)> fail_if;
};

class FakeDevice final : public detail::Device {
 public:
  // Milliseconds a launch of the named variant takes with this geometry.
  using Cost = std::function<double(const std::string& variant, const Geometry& geometry)>;

  explicit FakeDevice(Cost cost) : cost_(std::move(cost)) {}

  detail::ContextHandle current_context() override { return &context_; }

  detail::DeviceInfo info(detail::ContextHandle) override {
    detail::DeviceInfo info;
    info.name = "Fake GPU";
    info.id = "fake-sm90";
    info.arch = 90;
    info.multiprocessors = 132;
    return info;
  }

  detail::FunctionHandle load(detail::ContextHandle, const std::vector<char>& cubin,
                              const std::string& entry) override {
    std::lock_guard lock(mutex_);
    if (std::string(cubin.begin(), cubin.end()) != entry)
      throw Error("fake load: cubin does not hold " + entry);
    loaded_.push_back(entry);
    return reinterpret_cast<detail::FunctionHandle>(loaded_.size());  // 1-based index
  }

  void launch(detail::FunctionHandle f, const Geometry& g, void**, int) override {
    std::lock_guard lock(mutex_);
    launches_.push_back(name_of(f));
    last_geometry_ = g;
  }

  double time_launch(detail::FunctionHandle f, const Geometry& g, void**, int) override {
    std::string name;
    {
      std::lock_guard lock(mutex_);
      name = name_of(f);
      timed_.push_back(name);
    }
    return cost_(name, g);
  }

  std::vector<std::string> loaded() { std::lock_guard l(mutex_); return loaded_; }
  std::vector<std::string> launches() { std::lock_guard l(mutex_); return launches_; }
  std::vector<std::string> timed() { std::lock_guard l(mutex_); return timed_; }
  Geometry last_geometry() { std::lock_guard l(mutex_); return last_geometry_; }

 private:
  std::string name_of(detail::FunctionHandle f) {
    return loaded_.at(reinterpret_cast<std::size_t>(f) - 1);
  }

  Cost cost_;
  int context_ = 0;
  std::mutex mutex_;
  std::vector<std::string> loaded_, launches_, timed_;
  Geometry last_geometry_;
};

}  // namespace tiletune::testing
