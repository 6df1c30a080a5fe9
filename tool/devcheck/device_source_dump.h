// For tests of the tool's verdicts against NVRTC's (tests/tool/devcheck/nvrtc_judge.py): each
// site's device source and the NVRTC programs the device check would compile from it, written as
// JSON whatever the tool then decides, with the objections the slicer raised.
#pragma once

#include "check/site_checks.h"
#include "devcheck/device_check.h"
#include "diagnostics/diagnostics.h"
#include "slice/slicer.h"

#include <clang/AST/ASTContext.h>

#include <string>

namespace tiletune::tool {

// Writes `<file>.<line>.<column>.json` into options.dump_dir: {"site", "source", "objections":
// [message, ...], "not_checked", "programs": [{"options": [NVRTC's every option],
// "name_expressions": [...]}, ...]}. A failure to write is an error at the site.
void dump_device_source(const CheckedSite& site, const std::string& name_expression,
                        const Slice& slice, const DeviceCheckOptions& options,
                        clang::ASTContext& context, Reporter& report);

}  // namespace tiletune::tool
