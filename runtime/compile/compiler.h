// Turns one configuration's device source into machine code. The real compiler runs NVRTC (front
// end, once per set of compile-time constants) then nvJitLink (once per set of hints), caching
// both in memory and the machine code on disk; tests substitute a fake.
#pragma once

#include "compile/ptx_hints.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

class DiskCache;

struct CompileRequest {
  std::string_view source;
  std::string source_name;
  // With every `$name` already replaced by its value. Compile-time constants reach the code
  // through it (template arguments) or through `options` (-D...): both are part of every key.
  std::string name_expression;
  std::vector<std::string> options;
  int arch = 0;
  EntryHints hints;
  // The configuration in words ("tile=128 occupancy=2"), for error messages; not part of any key.
  std::string description;
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

  // Readies the front ends of `requests` in as few runs as it can, so that compile() of each then
  // only builds machine code; compile() of one of them on another thread meanwhile waits for it.
  // Blocks until done. Never throws: a front end that fails here is run again alone, so that
  // compile() reports each configuration's own error. The default does nothing.
  virtual void prepare(const std::vector<CompileRequest>& requests) { (void)requests; }
};

// Counts of real work done, for tests and benchmarks.
struct CompileCounters {
  std::atomic<int> front_end_runs{0};      // programs compiled, one per batch
  std::atomic<int> batched_front_ends{0};  // kernels compiled in batches of more than one
  std::atomic<int> machine_code_runs{0};
  std::atomic<int> disk_loads{0};   // variants read from the disk cache instead of compiled
  std::atomic<int> disk_stores{0};  // variants written to the disk cache
  std::atomic<std::int64_t> front_end_ns{0};     // summed over every worker
  std::atomic<std::int64_t> machine_code_ns{0};  // summed over every worker
};

// The two stages behind the caches. The real ones are NVRTC and nvJitLink; the single-flight and
// disk-cache logic is tested with fakes (and under ThreadSanitizer) without either.
class CompileStages {
 public:
  struct Ptx {
    std::string ptx;
    std::string entry;  // the lowered name of the request's name expression
  };

  virtual ~CompileStages() = default;
  // Everything outside the request that changes the machine code (compiler versions, the
  // headers' location); it enters every key.
  virtual std::string toolchain() const = 0;
  // Both throw tiletune::CompileError with the stage's log when the input does not compile.
  virtual Ptx front_end(const CompileRequest& request) = 0;
  virtual CompiledKernel machine_code(const Ptx& ptx, const CompileRequest& request) = 0;
  // The front ends of requests that differ only in their name expressions, in one run; the
  // results follow `requests`, each holding its own kernel only. Throws like front_end when any
  // of them does not compile. The default runs front_end for each.
  virtual std::vector<Ptx> front_end_batch(const std::vector<CompileRequest>& requests);
};

// The cache keys, as text that names every field (the disk cache stores the full variant key in
// each file's header). The variant key is the front-end key plus the hints.
std::string front_end_key(const CompileRequest& request, std::string_view toolchain);
std::string variant_key(const CompileRequest& request, std::string_view toolchain);

// Front end once per front-end key, machine code once per variant key, each with single flight:
// any number of threads asking for one key cause one run and all get its result or its error.
// An error is not cached: the callers waiting on the failed run all get it, and the next caller
// after it runs the stage again (a failure may be transient, e.g. out of memory, and a
// deterministic one costs one compile per request). Different keys run in parallel on the
// callers' threads (the tuner calls from its worker pool). With a disk cache, a variant found on
// disk is loaded instead of compiled, and every variant compiled is written there.
class CachingCompiler : public Compiler {
 public:
  explicit CachingCompiler(std::unique_ptr<CompileStages> stages,
                           std::shared_ptr<DiskCache> disk = nullptr);
  ~CachingCompiler() override;

  // Errors name the configuration (request.description) ahead of the stage's message; the log
  // is the stage's, whose positions point at the user's file.
  std::shared_ptr<const CompiledKernel> compile(const CompileRequest& request) override;

  // Leaves out requests whose machine code is in memory or on disk; the rest are grouped by
  // source, options and arch, and each group's front ends not yet run or running are run as one
  // batch (CompileStages::front_end_batch). A failed batch is run again one request at a time.
  void prepare(const std::vector<CompileRequest>& requests) override;

  const CompileCounters& counters() const { return counters_; }
  const std::string& toolchain() const { return toolchain_; }
  DiskCache* disk_cache() const { return disk_.get(); }

 private:
  std::shared_ptr<const CompiledKernel> compile_uncached(const CompileRequest& request,
                                                         const std::string& key);

  struct Caches;
  std::unique_ptr<CompileStages> stages_;
  std::shared_ptr<DiskCache> disk_;
  std::string toolchain_;
  std::unique_ptr<Caches> caches_;
  CompileCounters counters_;
};

// NVRTC precompiled headers (CUDA 12.8+), in NVRTC's automatic mode: the first front-end run of a
// source that includes headers writes a PCH of them, later runs of that source with other
// constants load it instead of parsing the headers again. bench/compile measures it.
enum class PchMode {
  kAuto,  // on for sources that open with #include lines (where it pays), off for the rest
  kOn,
  kOff,
};

// $TILETUNE_PCH: "0" off, "1" on, unset or "auto" auto. Throws tiletune::Error for anything else.
PchMode pch_mode_from_environment();

// Whether NVRTC's automatic PCH has anything to precompile in `source`: its first line that is not
// blank or a comment is an #include.
bool starts_with_include(std::string_view source);

// The real stages: NVRTC to PTX, hints applied to the PTX on the host, nvJitLink to a cubin.
std::unique_ptr<CompileStages> nvrtc_stages(PchMode pch = PchMode::kAuto);

class NvrtcCompiler final : public CachingCompiler {
 public:
  explicit NvrtcCompiler(std::shared_ptr<DiskCache> disk = nullptr, PchMode pch = PchMode::kAuto);
};

}  // namespace tiletune::detail
