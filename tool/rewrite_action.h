// The Clang front-end action that runs the tool on one file: the preprocessor callbacks find the
// sites and record macros and includes (step 1), and once the translation unit is parsed the
// file rewriter runs the other steps.
#pragma once

#include "devcheck/device_check.h"

#include <string>
#include <vector>

namespace tiletune::tool {

struct RewriteResult {
  bool ok = false;  // no error: `output` holds the rewritten file
  std::string output;
  std::vector<std::string> dependencies;  // every file the input read, sorted
};

// Parses `input` with Clang's `arguments` and rewrites it, checking each site's device code as
// `device_check` says. The status is ClangTool's: 0, 1 when Clang or the tool reported an error,
// other values when it could not run.
int run_rewrite(const std::string& input, const std::vector<std::string>& arguments,
                RewriteResult& result, const DeviceCheckOptions& device_check = {});

}  // namespace tiletune::tool
