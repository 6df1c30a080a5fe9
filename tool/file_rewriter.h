// Steps 2 to 5 for every site of the input file (parse, check, slice, emit), and the rewritten
// file: each annotation replaced by its call into the runtime, each site's declarations before
// the top-level declaration that holds it, #line directives keeping the compiler on the user's
// file.
#pragma once

#include "check/kernel_lookup.h"
#include "devcheck/device_check.h"
#include "diagnostics/deferred_diagnostics.h"
#include "diagnostics/diagnostics.h"
#include "preprocess/preprocessor_record.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// The rewritten main file; nullopt when any site was rejected (reported), its device check
// included. `clang_diagnostics` holds Clang's errors about the annotations' kernel calls
// (withheld by DeferredDiagnostics::release): each site's are reported when the tool's own checks
// of the site found nothing.
// `functions` indexes the translation unit's functions (check/kernel_lookup.h).
std::optional<std::string> rewrite_file(clang::ASTContext& context, const LookupIndex& lookup,
                                        const std::vector<SiteText>& sites,
                                        const PreprocessorRecord& preprocessor, Reporter& report,
                                        const DeviceCheckOptions& device_check = {},
                                        DeferredDiagnostics* clang_diagnostics = nullptr);

}  // namespace tiletune::tool
