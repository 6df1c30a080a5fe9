// What the compile stage takes and gives: one configuration's source, constants, options and
// hints, and the machine code built from them.
#pragma once

#include "compile/ptx_hints.h"

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

struct CompiledKernel {
  std::vector<char> cubin;
  std::string entry;  // lowered name to look up in the loaded module
  int registers = -1;
};

}  // namespace tiletune::detail
