// The configuration's block size and occupancy as launch bounds the front end sees (issue 16).
//
// ptxas honours `.maxntid` / `.minnctapersm` inserted into shared PTX (ptx_hints.h), but NVVM,
// which produced that PTX, never saw them: given __launch_bounds__ it bounds threadIdx, simplifies
// the index arithmetic and picks another register target, and the machine code differs (the
// tuning_time matmul on sm_90: registers differ in 16 of 24 configurations, 1.16x slower on an
// H100). NVRTC (13.0) has no option for launch bounds, so the device source carries them in one
// of two forms (rules.h):
//   - as template arguments: the kernel's two leading template parameters, which the name
//     expression passes as `$@max_threads` and `$@min_blocks`. Every configuration is its own
//     instantiation, so configurations whose bounds differ share one NVRTC program (issue 32:
//     bench/bounds_compile, 0.79x the cost per configuration, the same machine code).
//   - as a macro on the kernel, TILETUNE_LAUNCH_BOUNDS, empty unless defined: the compiler
//     defines it per configuration, so each set of bounds is its own program. The tool writes it
//     where it cannot give the kernel template parameters (slice/launch_bounds_parameters.h), and
//     sources sliced before issue 32 carry it.
#pragma once

#include <tiletune/rules.h>

#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

// A configuration's launch bounds: its block size (0: not fixed per configuration, no bounds) and
// the least blocks per multiprocessor (0: no minimum).
struct LaunchBounds {
  unsigned max_threads = 0;
  unsigned min_blocks = 0;
};

// Whether `name_expression` passes the launch bounds as template arguments.
bool passes_launch_bounds(std::string_view name_expression);

// "-DTILETUNE_LAUNCH_BOUNDS=__launch_bounds__(<threads>[, <min_blocks>])" when `source` uses the
// macro and `threads` > 0, else nothing: a source without the macro keeps one front end for every
// block size. `min_blocks_per_sm` 0 leaves the minimum out.
std::optional<std::string> launch_bounds_option(std::string_view source, unsigned threads,
                                                unsigned min_blocks_per_sm);

}  // namespace tiletune::detail
