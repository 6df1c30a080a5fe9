#include "devcheck/device_check.h"

#include "devcheck/check_cache.h"
#include "devcheck/check_plan.h"
#include "devcheck/nvrtc_log.h"
#include "emit/site_id.h"

#include "nvrtc/nvrtc_front_end.h"

#include <tiletune/error.h>

#include <clang/Basic/SourceManager.h>
#include <llvm/Support/raw_ostream.h>

namespace tiletune::tool {
namespace {

// Where NVRTC's `file(line)` is in this translation unit: the file the parse read under that name
// (the slice's #line directives name files without their directories), else nothing.
clang::SourceLocation location_of(const clang::SourceManager& sm, const NvrtcDiagnostic& d) {
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    if (display_name(it->first.getName()) != d.file) continue;
    clang::SourceLocation at = sm.translateFileLineCol(it->first, d.line, d.column);
    if (at.isValid()) return at;
  }
  return {};
}

// NVRTC's errors, each at its place (or at the annotation with NVRTC's place in the message).
void report_log(const std::string& log, const std::string& names, clang::SourceLocation site,
                const clang::SourceManager& sm, Reporter& report) {
  bool any = false;
  for (const NvrtcDiagnostic& d : parse_nvrtc_log(log)) {
    if (!d.error) continue;
    any = true;
    clang::SourceLocation at = location_of(sm, d);
    std::string message = "NVRTC: " + d.message;
    if (at.isInvalid()) {
      at = site;
      message = "NVRTC: " + d.file + "(" + std::to_string(d.line) + "): " + d.message;
    }
    report.error(at, message);
    for (const std::string& line : d.context) report.note(at, "NVRTC: " + line);
  }
  if (!any) report.error(site, "NVRTC could not compile the device code: " + log);
  report.note(site,
              "in the device code of this TILETUNE site, compiled with NVRTC as the first "
              "launch would (" +
                  names + "); --no-device-check skips this check");
}

std::string quoted_names(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 4; ++i) out += (i ? ", `" : "`") + names[i] + "`";
  if (names.size() > 4) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}

// Which values of which axes a check of some of a space's instantiations compiled.
std::string what_was_covered(const CheckPlan& plan, std::size_t axes) {
  if (plan.sampled.empty()) return "every axis value, not every combination";
  std::string out;
  for (const SampledAxis& axis : plan.sampled)
    out += (out.empty() ? "" : ", ") + std::to_string(axis.checked) + " of the " +
           std::to_string(axis.values) + " values of axis '" + axis.name + "'";
  out += " (the smallest, the largest and values evenly spaced between)";
  if (plan.sampled.size() < axes) out += ", every value of the other axes, not every combination";
  return out;
}

// A note of its own, in the compiler's form: Clang's engine drops a note that follows no error or
// warning, and what the check left out is not worth a warning.
void standalone_note(const clang::PresumedLoc& where, const std::string& message) {
  llvm::errs() << where.getFilename() << ":" << where.getLine() << ":" << where.getColumn()
               << ": note: " << message << "\n";
}

}  // namespace

bool check_device_code(const CheckedSite& site, const std::string& name_expression,
                       const std::string& device_source, const DeviceCheckOptions& options,
                       clang::ASTContext& context, Reporter& report) {
  const clang::SourceManager& sm = context.getSourceManager();
  const clang::SourceLocation at = site.site->macro_begin;
  const clang::PresumedLoc where = sm.getPresumedLoc(at);
  const std::string place =
      display_name(where.getFilename()) + ":" + std::to_string(where.getLine());
  CheckPlan plan = plan_device_check(site, name_expression, device_source);
  if (!plan.not_checked.empty()) {
    standalone_note(where, "the device check covered nothing for this site: " + plan.not_checked +
                               "; its device code is compiled at the first launch");
    return true;
  }
  if (plan.checked < plan.instantiations)
    standalone_note(where, "the device check compiled " + std::to_string(plan.checked) +
                               " of the " + std::to_string(plan.instantiations) +
                               " instantiations of this site: " +
                               what_was_covered(plan, site.literal->axes.size()));
  const std::string key =
      check_key(device_source, plan.programs, options.arch, detail::nvrtc_version());
  if (check_passed_before(options.cache_dir, key)) {
    if (options.verbose)
      llvm::errs() << "tiletune: device check of " << place << ": passed before (cached " << key
                   << ")\n";
    return true;
  }
  for (const CheckProgram& program : plan.programs) {
    detail::FrontEndInput input;
    input.source = device_source;
    input.source_name = display_name(where.getFilename());
    input.options = program.options;
    input.arch = options.arch;
    try {
      detail::compile_to_ptx(input, program.name_expressions);
    } catch (const CompileError& e) {
      report_log(e.log(), quoted_names(program.name_expressions), at, sm, report);
      return false;
    } catch (const Error& e) {
      report.error(at, std::string("the device check could not run NVRTC: ") + e.what());
      return false;
    }
  }
  record_pass(options.cache_dir, key);
  if (options.verbose)
    llvm::errs() << "tiletune: device check of " << place << ": compiled " << plan.checked
                 << " instantiations in " << plan.programs.size() << " NVRTC programs for compute_"
                 << options.arch << "\n";
  return true;
}

}  // namespace tiletune::tool
