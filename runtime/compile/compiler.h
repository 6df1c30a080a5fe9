// Turns one configuration's device source into machine code. The real compiler runs NVRTC (front
// end, once per set of compile-time constants) then nvJitLink (once per set of hints), caching
// both in memory and the machine code on disk (caching_compiler.h, nvrtc_compiler.h); tests
// substitute a fake.
#pragma once

#include "compile/compile_request.h"

#include <memory>
#include <vector>

namespace tiletune::detail {

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

  // The front end's version (NVRTC's, major*1000 + minor*10), recorded with each stored winner: a
  // winner found by another front end is tuned again. 0: not known.
  virtual int front_end_version() const { return 0; }

  // Starts in the background what the first compiles of `threads` compile threads at once would
  // otherwise start and wait for (NVRTC worker processes, NVRTC itself in each), so that the
  // process's first tuning waits for none of it; once per process. Returns at once. The default
  // has nothing to start.
  virtual void start_ahead(unsigned threads) { (void)threads; }
};

}  // namespace tiletune::detail
