// What decides how a configuration runs, so that configurations that would run alike are measured
// once (issue 16: in the tuning_time matmul, occupancy 1 and 2 often give the same code).
#pragma once

#include "compile/compile_request.h"

#include <tiletune/launch.h>

#include <string>

namespace tiletune::detail {

// Equal for two configurations whose kernels run the same instructions with the same registers
// and launch geometry (grid, block, dynamic shared memory, cluster). Of a cubin, every section
// counts but those that do not change what runs: the embedded PTX and debug information, the
// entry's attributes (`.minnctapersm`, `.maxntid`) and symbol names; the entry's name is left out
// of section names. Anything that is not an ELF file counts whole.
std::string run_identity(const CompiledKernel& kernel, const Geometry& geometry, int cluster);

}  // namespace tiletune::detail
