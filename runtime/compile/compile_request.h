// What the compile stage takes and gives: one configuration's source, constants, options and
// hints, and the machine code built from them.
#pragma once

#include "compile/machine_code/ptx_hints.h"

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

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

// What the front end makes. A cubin straight from NVRTC is whole-program ptxas, as nvcc builds it
// (issue 16: embedding backward 18 registers, against 30 from PTX through nvJitLink). PTX remains
// only where the PTX must be edited first: hints (.maxntid/.minnctapersm, ptx_hints.h) on a source
// that does not carry them as launch bounds (launch_bounds.h).
enum class OutputKind { kPtx, kCubin };

inline bool has_hints(const EntryHints& h) {
  return h.max_threads[0] != 0 || h.max_threads[1] != 0 || h.max_threads[2] != 0 ||
         h.min_blocks_per_sm != 0;
}

inline OutputKind output_kind(const CompileRequest& request) {
  return has_hints(request.hints) ? OutputKind::kPtx : OutputKind::kCubin;
}

struct CompiledKernel {
  std::vector<char> cubin;
  std::string entry;  // lowered name to look up in the loaded module
  int registers = -1;
  int spill_bytes = -1;  // bytes spilled to local memory, stores plus loads; -1 if not reported
};

}  // namespace tiletune::detail
