// The compiler over two stages (compile_stages.h), with a cache in memory for each and the disk
// cache under the second.
#pragma once

#include "compile/compile_stages.h"
#include "compile/compiler.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tiletune::detail {

class DiskCache;

// Counts of real work done, for tests and benchmarks.
struct CompileCounters {
  std::atomic<int> front_end_runs{0};      // programs compiled, one per batch
  std::atomic<int> batched_front_ends{0};  // kernels compiled in batches of more than one
  std::atomic<int> machine_code_runs{0};   // assemblies of PTX; none for a front end's own cubin
  std::atomic<int> disk_loads{0};          // variants read from the disk cache instead of compiled
  std::atomic<int> disk_stores{0};         // variants written to the disk cache
  std::atomic<std::int64_t> front_end_ns{0};     // summed over every worker
  std::atomic<std::int64_t> machine_code_ns{0};  // summed over every worker
};

// Front end once per front-end key, machine code once per variant key (compile_key.h), each with
// single flight: any number of threads asking for one key cause one run and all get its result or
// its error. An error is not cached: the callers waiting on the failed run all get it, and the
// next caller after it runs the stage again (a failure may be transient, e.g. out of memory, and a
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

  int front_end_version() const override;
  void start_ahead(unsigned threads) override;

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

}  // namespace tiletune::detail
