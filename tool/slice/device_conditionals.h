// A conditional group that tests the device compiler's macros (__CUDA_ARCH__, __CUDACC_RTC__) as
// the slice keeps it: its preprocessor directives, so that NVRTC, not the host parse, picks the
// branch (a __launch_bounds__ minimum defined per architecture, an #include of <cuda/barrier>
// for the device only).
#pragma once

#include "preprocess/preprocessor_record.h"

#include <clang/Basic/SourceManager.h>

#include <string>

namespace tiletune::tool {

// The group's #if/#ifdef/#elif/#else/#endif, #define and #undef lines, and its #includes of
// headers NVRTC compiles; its declarations and other directives are left out: the parse never
// saw the device branch's declarations, so nothing says what they need. #elifdef and #elifndef
// are spelled `#elif [!]defined`, which NVRTC knows.
std::string directives_of(const DeviceConditional& group, const clang::SourceManager& sm);

// The group's whole text, both branches' declarations included: for a declaration the parse saw
// in its host branch, whose device branch (a `__device__` overload, a typedef) NVRTC must take.
std::string whole_text_of(const DeviceConditional& group, const clang::SourceManager& sm);

// True when `group` has an #else or #elif (#elifdef, #elifndef) of its own: declarations may differ
// per branch. A group of one branch (a header wrapped in `#if defined(__CUDACC__) ||
// defined(__CUDACC_RTC__)`) holds the same declarations for host and NVRTC.
bool has_other_branches(const DeviceConditional& group, const clang::SourceManager& sm);

// True when `group` holds an #include the slice keeps.
bool includes_device_header(const DeviceConditional& group, const clang::SourceManager& sm);

}  // namespace tiletune::tool
