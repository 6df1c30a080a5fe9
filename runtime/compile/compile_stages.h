// The two stages behind the compile caches: source to PTX, PTX to machine code. The real ones are
// NVRTC and nvJitLink (nvrtc_compiler.h); the single-flight and disk-cache logic is tested with
// fakes (and under ThreadSanitizer) without either.
#pragma once

#include "compile/compile_request.h"

#include <string>
#include <vector>

namespace tiletune::detail {

class CompileStages {
 public:
  // The front end's output: PTX, or for OutputKind::kCubin the machine code itself (then
  // machine_code only passes it on).
  struct Ptx {
    std::string ptx;
    std::string entry;  // the lowered name of the request's name expression
    std::vector<char> cubin;
    int registers = -1;    // of `entry` in `cubin`
    int spill_bytes = -1;  // of `entry` in `cubin`
  };

  virtual ~CompileStages() = default;
  // Everything outside the request that changes the machine code (compiler versions, the
  // headers' location); it enters every key.
  virtual std::string toolchain() const = 0;
  // The front end's version, as Compiler::front_end_version. The default: not known (0).
  virtual int front_end_version() const { return 0; }
  // Both throw tiletune::CompileError with the stage's log when the input does not compile.
  virtual Ptx front_end(const CompileRequest& request) = 0;
  virtual CompiledKernel machine_code(const Ptx& ptx, const CompileRequest& request) = 0;
  // The front ends of requests that differ only in their name expressions, in one run; the
  // results follow `requests`, each holding its own kernel only. Throws like front_end when any
  // of them does not compile. The default runs front_end for each.
  virtual std::vector<Ptx> front_end_batch(const std::vector<CompileRequest>& requests) {
    std::vector<Ptx> out;
    out.reserve(requests.size());
    for (const CompileRequest& request : requests) out.push_back(front_end(request));
    return out;
  }
  // As Compiler::start_ahead. The default has nothing to start.
  virtual void start_ahead(unsigned threads) { (void)threads; }
};

}  // namespace tiletune::detail
