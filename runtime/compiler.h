// Turns one configuration's device source into machine code. The real compiler runs NVRTC (front
// end, once per set of compile-time constants) then nvJitLink (once per set of hints), caching
// both; tests substitute a fake.
#pragma once

#include "ptx_hints.h"

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

struct CompileRequest {
  std::string_view source;
  std::string source_name;
  std::string name_expression;  // with every `$name` already replaced by its value
  std::vector<std::string> options;
  int arch = 0;
  EntryHints hints;
};

struct CompiledKernel {
  std::vector<char> cubin;
  std::string entry;  // lowered name to look up in the loaded module
  int registers = -1;
};

class Compiler {
 public:
  virtual ~Compiler() = default;
  // Thread-safe. Throws tiletune::CompileError with the compiler's log.
  virtual std::shared_ptr<const CompiledKernel> compile(const CompileRequest& request) = 0;
};

// Counts of real work done, for tests and benchmarks.
struct CompileCounters {
  std::atomic<int> front_end_runs{0};
  std::atomic<int> machine_code_runs{0};
};

class NvrtcCompiler final : public Compiler {
 public:
  NvrtcCompiler();
  ~NvrtcCompiler() override;
  std::shared_ptr<const CompiledKernel> compile(const CompileRequest& request) override;
  const CompileCounters& counters() const { return counters_; }

 private:
  struct Caches;
  std::unique_ptr<Caches> caches_;
  CompileCounters counters_;
};

}  // namespace tiletune::detail
