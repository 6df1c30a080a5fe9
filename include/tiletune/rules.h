// The annotation language's limits and hint rules, written once. The tool's build-time checks and
// the runtime's first-launch checks (of an opaque space, or a site written by hand) both include
// this header, so the two cannot disagree on what is valid or on how they say it isn't.
// C++11: user code reaches it through the public headers.
#pragma once

#include <tiletune/detail/language.h>

#include <cstddef>
#include <string>

namespace tiletune {
namespace rules {

// Values in a configuration (tiletune::Config) and in a key (tiletune::Key). A warp-tiled matmul
// tunes 9 parameters at once (issue 29); a configuration is copied by value, so its size stays
// fixed: 16 values, 128 bytes.
TILETUNE_DETAIL_CONSTANT int kMaxAxes = 16;
TILETUNE_DETAIL_CONSTANT int kMaxKeyValues = 8;

// A literal space larger than this is refused before it is enumerated.
TILETUNE_DETAIL_CONSTANT std::size_t kMaxLiteralConfigurations = std::size_t{1} << 20;

// Up to this many configurations `search = auto` (the default) is exhaustive, beyond it a
// sample. A configuration costs about 165 ms of CPU to build (front end and machine code) and a
// few ms to measure, so 128 of them take about 1.5 s on 16 cores: beyond that the sample pays for
// itself (README, "Large spaces"). The tool warns of an exhaustive space above 64.
TILETUNE_DETAIL_CONSTANT std::size_t kExhaustiveUpTo = 128;

// The axis names that are compiler or launch hints rather than plain values, and the static
// keywords of the same names.
TILETUNE_DETAIL_CONSTANT const char* kOccupancy = "occupancy";
TILETUNE_DETAIL_CONSTANT const char* kNumCtas = "num_ctas";
TILETUNE_DETAIL_CONSTANT const char* kHints[] = {kOccupancy, kNumCtas};

// The macro the tool writes on a kernel that has no __launch_bounds__ of its own (empty unless
// defined); the runtime defines it per configuration as that configuration's block size and
// occupancy, so the front end compiles for them (issue 16; common/instantiation/launch_bounds.h).
TILETUNE_DETAIL_CONSTANT const char* kLaunchBoundsMacro = "TILETUNE_LAUNCH_BOUNDS";

// Where it can, the tool gives the kernel its launch bounds as two leading template parameters
// instead, `template <int tiletune_max_threads, int tiletune_min_blocks, ...>` with
// `__launch_bounds__(tiletune_max_threads, tiletune_min_blocks)`, and the site's name expression
// passes them as `$@max_threads` and `$@min_blocks` (a minimum of 0: none). Configurations whose
// bounds differ then share one NVRTC program, where a macro defined per program would keep each
// in its own (issue 32; common/instantiation/launch_bounds.h).
TILETUNE_DETAIL_CONSTANT const char* kMaxThreadsParameter = "tiletune_max_threads";
TILETUNE_DETAIL_CONSTANT const char* kMinBlocksParameter = "tiletune_min_blocks";
TILETUNE_DETAIL_CONSTANT const char* kMaxThreadsArgument = "$@max_threads";
TILETUNE_DETAIL_CONSTANT const char* kMinBlocksArgument = "$@min_blocks";

// `occupancy`: the least number of blocks that should fit on one multiprocessor.
constexpr bool valid_occupancy(long long __tt_v) { return __tt_v >= 1; }

// `num_ctas`: a thread-block cluster size, a power of two up to 16 (sm_90's portable limit is 8,
// 16 needs the non-portable opt-in the runtime asks for).
constexpr bool valid_num_ctas(long long __tt_v) {
  return __tt_v == 1 || __tt_v == 2 || __tt_v == 4 || __tt_v == 8 || __tt_v == 16;
}

// Why `value` is not a valid value of hint `hint` ("" when it is, or when `hint` is no hint).
inline std::string hint_value_problem(const std::string& __tt_hint, long long __tt_value) {
  if (__tt_hint == kOccupancy && !valid_occupancy(__tt_value))
    return "occupancy must be at least 1 (the least number of blocks per multiprocessor), not " +
           std::to_string(__tt_value);
  if (__tt_hint == kNumCtas && !valid_num_ctas(__tt_value))
    return "num_ctas must be a power of two up to 16 (1, 2, 4, 8, 16), not " +
           std::to_string(__tt_value);
  return {};
}

// A static hint given together with an axis of the same name.
inline std::string hint_axis_conflict(const std::string& __tt_hint) {
  return "static hint '" + __tt_hint + "' conflicts with the space's axis of the same name";
}

}  // namespace rules
}  // namespace tiletune
