// Step 4: cut out of the translation unit the kernel and every declaration it uses from the
// user's files, as a self-contained source that NVRTC compiles without the user's host code:
// user declarations in source order (namespaces re-opened, #line directives), the user macros the
// sliced text expands, and #includes of the toolkit headers NVRTC supports that it draws on.
#pragma once

#include "diagnostics/diagnostics.h"
#include "preprocess/preprocessor_record.h"
#include "slice/declaration_uses.h"
#include "slice/device_use_checks.h"
#include "slice/file_scan.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// The device source for `kernel`, with #line directives pointing at the user's files; nullopt
// after reporting why at the offending use when the kernel needs something the tuned kernel
// cannot do as the application does (a __managed__ variable).
// `constant_params` (ascending) are the parameters the annotation passes as Constant(...): the
// slice then turns the kernel into a force-inlined __device__ function and adds an entry kernel,
// constant_entry_name(kernel), whose leading `long long` template parameters are those values.
// `bounded_block` says the block size is fixed per configuration (`threads =` evaluates from the
// space alone): only then does the kernel (or the entry kernel) take launch bounds, as template
// parameters where it can (launch_bounds_parameters.h), else as rules::kLaunchBoundsMacro, since a
// block size that follows a run-time value could exceed the bounds a configuration was compiled
// with.
// `argument_uses` are what the site's template arguments name (template_argument_uses): carried
// and checked as the kernel's own uses are, since NVRTC reads those arguments as text. `scan` is
// what the slicer reads from the whole file, for all its sites (file_scan.h).
struct Slice {
  std::string source;
  // The __constant__/__device__ variables the kernel uses that host code reaches through the
  // runtime API (cudaMemcpyToSymbol, ...): the site names them for the runtime, which keeps the
  // tuned module's copies in step (SiteInfo::symbols).
  std::vector<const clang::VarDecl*> shared_with_host;
  // What the tool expects NVRTC to reject (device_use_checks.h): NVRTC's verdict decides.
  std::vector<Objection> objections;
  // The slice #includes a header library written for NVRTC (include_policy.h), whose
  // unannotated constexpr helpers NVRTC compiles as device functions only with -default-device.
  bool includes_header_library = false;
  // The kernel the name expression names takes the launch bounds as its two leading template
  // arguments (rules::kMaxThreadsArgument, rules::kMinBlocksArgument).
  bool launch_bounds_arguments = false;
};
std::optional<Slice> slice_kernel(const clang::FunctionDecl* kernel,
                                  const std::vector<unsigned>& constant_params, bool bounded_block,
                                  clang::ASTContext& context, const FileScan& scan,
                                  const PreprocessorRecord& preprocessor, Reporter& report,
                                  const std::vector<Use>& argument_uses = {});

// The entry kernel the slice adds for a kernel with Constant(...) parameters, qualified with the
// kernel's namespaces (not anonymous or inline ones) so NVRTC finds it from the global scope.
std::string constant_entry_name(const clang::FunctionDecl* kernel);

// The kernel's name, qualified the same way.
std::string qualified_kernel_name(const clang::FunctionDecl* kernel);

}  // namespace tiletune::tool
