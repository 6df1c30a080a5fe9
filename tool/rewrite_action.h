// The Clang front-end action that runs the tool on one file: the preprocessor callbacks find the
// sites and record macros and includes (step 1), and once the translation unit is parsed the
// file rewriter runs the other steps.
#pragma once

#include "devcheck/device_check.h"
#include "file_rewriter.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tiletune::tool {

struct RewriteResult {
  bool ok = false;  // no error: `output` holds the rewritten file
  std::string output;
  // The user's headers that hold annotations (or include one that does), rewritten: they go into
  // RewriteOptions::headers_directory, from which `output` includes them.
  std::vector<RewrittenFile> headers;
  std::vector<std::string> dependencies;  // every file the input read, sorted
  std::size_t sites = 0;                  // the annotations rewritten
};

// What the rewrite is told besides the file and Clang's arguments.
struct RewriteOptions {
  DeviceCheckOptions device_check;
  // The user's nvcc flags as NVRTC takes them (driver/nvrtc_options.h), after the file's standard
  // in every site's NVRTC options.
  std::vector<std::string> nvrtc_options;
  // Where the rewritten headers go, relative to the output's directory (a directory of the build's,
  // never the user's tree).
  std::string headers_directory = "headers";
};

// Parses `input` with Clang's `arguments` and rewrites it, checking each site's device code as
// `options.device_check` says. The status is ClangTool's: 0, 1 when Clang or the tool reported an
// error, other values when it could not run.
int run_rewrite(const std::string& input, const std::vector<std::string>& arguments,
                RewriteResult& result, const RewriteOptions& options = {});

}  // namespace tiletune::tool
