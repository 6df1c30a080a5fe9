// The verdict on a site's device code. NVRTC is the judge of what compiles: with the device check
// on and something to check (a space the tool can enumerate), the site passes exactly when NVRTC
// compiles its instantiations, whatever the slicer expected. The slicer's objections (a host
// function, a host variable, a header NVRTC cannot compile: device_use_checks.h) are reported only
// where NVRTC rejects the code, ahead of NVRTC's own errors, as the message that says what to do.
// With no NVRTC verdict (--no-device-check, a space built at run time) the objections stand as
// errors: nothing else stops code the first launch could not compile.
#pragma once

#include "check/site_checks.h"
#include "devcheck/device_check.h"
#include "diagnostics/diagnostics.h"
#include "slice/slicer.h"

#include <clang/AST/ASTContext.h>

#include <string>

namespace tiletune::tool {

// False after reporting why the site's device code is refused.
bool judge_device_code(const CheckedSite& site, const std::string& name_expression,
                       const Slice& slice, const DeviceCheckOptions& options,
                       clang::ASTContext& context, Reporter& report);

}  // namespace tiletune::tool
