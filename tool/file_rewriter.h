// Steps 2 to 5 for every site of the input file and the user's headers it includes (parse, check,
// slice, emit), and the rewritten files: each annotation replaced by its call into the runtime,
// each site's declarations before the top-level declaration that holds it, #line directives
// keeping the compiler on the user's files; the headers that hold annotations (and those that
// include them) as copies the rewritten file includes (emit/rewritten_headers.h).
#pragma once

#include "devcheck/device_check.h"
#include "diagnostics/deferred_diagnostics.h"
#include "diagnostics/diagnostics.h"
#include "preprocess/include_directives.h"
#include "preprocess/preprocessor_record.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

struct RewrittenFile {
  std::string name;  // in the headers directory
  std::string text;
};

struct RewrittenFiles {
  std::string main;
  std::vector<RewrittenFile> headers;  // the copies of the user's headers
};

// The rewritten main file and headers; nullopt when any site was rejected (reported), its device
// check included. The main file includes the copies from `headers_directory` (relative to its
// own directory). `clang_diagnostics` holds Clang's errors about the annotations' kernel calls
// (withheld by DeferredDiagnostics::release): each site's are reported when the tool's own checks
// of the site found nothing. Every site's kernels are compiled with `nvrtc_options` after the
// file's standard (CheckedSite::nvrtc_options).
std::optional<RewrittenFiles> rewrite_file(clang::ASTContext& context,
                                           const std::vector<SiteText>& sites,
                                           const PreprocessorRecord& preprocessor,
                                           const IncludeDirectives& includes, Reporter& report,
                                           const DeviceCheckOptions& device_check = {},
                                           const std::vector<std::string>& nvrtc_options = {},
                                           const std::string& headers_directory = "headers",
                                           DeferredDiagnostics* clang_diagnostics = nullptr);

}  // namespace tiletune::tool
