// Step 4b: the site's slice compiled with NVRTC at build time, every instantiation its space can
// produce (check_plan.h), down to machine code for the architecture the build targets, so that what
// the build accepts also compiles at the first launch and runs there. NVRTC's errors are reported
// at the user's file:line (the slice's #line directives name it); configurations whose machine code
// needs more than a block may have (launch_limits.h) are counted in a note, and are an error when
// no configuration can run.
#pragma once

#include "check/site_checks.h"
#include "devcheck/device_arch.h"
#include "diagnostics/diagnostics.h"

#include <clang/AST/ASTContext.h>

#include <string>

namespace tiletune::tool {

struct DeviceCheckOptions {
  bool enabled = false;
  int arch = kDefaultDeviceCheckArch;
  std::string cache_dir;  // check_cache.h; "" keeps no cache
  bool verbose = false;   // one line per site on stderr: what was compiled, or that it was cached
  std::string dump_dir;   // for tests: each site's device source (device_source_dump.h); "" none
};

enum class DeviceCheck {
  kPassed,        // or nothing to check
  kCompileError,  // NVRTC's errors reported
  kNothingRuns,   // it compiles, but no configuration can run: reported
};

DeviceCheck check_device_code(const CheckedSite& site, const std::string& name_expression,
                              const std::string& device_source, const DeviceCheckOptions& options,
                              clang::ASTContext& context, Reporter& report);

}  // namespace tiletune::tool
