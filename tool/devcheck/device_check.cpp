#include "devcheck/device_check.h"

#include "devcheck/check_cache.h"
#include "devcheck/check_plan.h"
#include "devcheck/launch_limits.h"
#include "devcheck/nvrtc_log.h"
#include "emit/site_id.h"

#include "cubin/kernel_resources.h"
#include "nvrtc/nvrtc_front_end.h"

#include <tiletune/error.h>

#include <clang/Basic/SourceManager.h>
#include <llvm/Support/raw_ostream.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

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

// A note of its own, in the compiler's form: Clang's engine drops a note that follows no error or
// warning, and what the check left out is not worth a warning.
void standalone_note(const clang::PresumedLoc& where, const std::string& message) {
  llvm::errs() << where.getFilename() << ":" << where.getLine() << ":" << where.getColumn()
               << ": note: " << message << "\n";
}

std::string sm_name(int arch) { return "sm_" + std::to_string(arch); }

// One instantiation built for the architecture: what its machine code needs, or why ptxas refused
// it.
struct Built {
  detail::KernelResources resources;
  std::string refused;  // "" when it was built
};

// A program of the plan compiled for sm_<arch>: each instantiation's resources, or, where ptxas
// refused the program, each instantiation alone, to find which it refused and why. nullopt after
// reporting NVRTC's front-end errors (the source does not compile) or a failure to run NVRTC.
class ProgramBuilder {
 public:
  ProgramBuilder(detail::FrontEndInput input, clang::SourceLocation site,
                 const clang::SourceManager& sm, Reporter& report)
      : input_(std::move(input)), site_(site), sm_(sm), report_(report) {}

  std::optional<std::vector<Built>> build(const CheckProgram& program) {
    input_.options = program.options;
    const std::vector<std::string>& names = program.name_expressions;
    std::optional<std::string> refused_log;
    std::optional<std::vector<Built>> whole = compile(names, refused_log);
    if (whole || !refused_log) return whole;
    std::vector<Built> out;
    for (const std::string& name : names) {
      std::optional<std::string> refused;
      std::optional<std::vector<Built>> one = compile({name}, refused);
      if (one)
        out.push_back(one->front());
      else if (refused)
        out.push_back({{}, assembler_refusal(*refused, input_.arch)});
      else
        return std::nullopt;
    }
    return out;
  }

 private:
  // The instantiations' resources; nullopt with `refused_log` set when ptxas refused, else after
  // reporting why NVRTC did not compile them.
  std::optional<std::vector<Built>> compile(const std::vector<std::string>& names,
                                            std::optional<std::string>& refused_log) {
    try {
      const detail::FrontEndBatchOutput out = detail::compile_to_ptx(input_, names);
      std::vector<Built> built;
      for (const std::string& lowered : out.lowered_names)
        built.push_back({detail::kernel_resources(out.cubin, lowered), ""});
      return built;
    } catch (const CompileError& e) {
      if (assembler_failed(e.log())) {
        refused_log = e.log();
        return std::nullopt;
      }
      report_log(e.log(), quoted_names(names), site_, sm_, report_);
    } catch (const Error& e) {
      report_.error(site_, std::string("the device check could not run NVRTC: ") + e.what());
    }
    return std::nullopt;
  }

  detail::FrontEndInput input_;
  clang::SourceLocation site_;
  const clang::SourceManager& sm_;
  Reporter& report_;
};

// "tile=1024: 65536 bytes of static shared memory, ...; tile=2048: ..." for the first few.
std::string listed(const std::vector<std::pair<std::string, std::string>>& cannot_run) {
  constexpr std::size_t kListed = 3;
  std::string out;
  for (std::size_t i = 0; i < cannot_run.size() && i < kListed; ++i)
    out += (i ? "; " : "") + cannot_run[i].first + ": " + cannot_run[i].second;
  if (cannot_run.size() > kListed) out += "; ...";
  return out;
}

}  // namespace

DeviceCheck check_device_code(const CheckedSite& site, const std::string& name_expression,
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
    return DeviceCheck::kPassed;
  }
  if (plan.checked < plan.instantiations)
    standalone_note(where,
                    "the device check compiled " + std::to_string(plan.checked) + " of the " +
                        std::to_string(plan.instantiations) +
                        " instantiations of this site: every axis value, not every combination");
  const std::string key =
      check_key(device_source, plan.programs, options.arch, detail::nvrtc_version());
  if (std::optional<std::string> remarks = check_passed_before(options.cache_dir, key)) {
    if (!remarks->empty()) standalone_note(where, *remarks);
    if (options.verbose)
      llvm::errs() << "tiletune: device check of " << place << ": passed before (cached " << key
                   << ")\n";
    return DeviceCheck::kPassed;
  }
  detail::FrontEndInput input;
  input.source = device_source;
  input.source_name = display_name(where.getFilename());
  input.arch = options.arch;
  input.cubin = true;
  ProgramBuilder builder(input, at, sm, report);
  // Each configuration checked that cannot run, described, with why.
  std::vector<std::pair<std::string, std::string>> cannot_run;
  for (std::size_t p = 0; p < plan.programs.size(); ++p) {
    std::optional<std::vector<Built>> built = builder.build(plan.programs[p]);
    if (!built) return DeviceCheck::kCompileError;
    for (std::size_t i = 0; i < built->size(); ++i)
      for (const PlannedConfiguration& config : plan.configurations[p][i]) {
        const Built& one = (*built)[i];
        std::string why = one.refused.empty()
                              ? why_cannot_run(one.resources, config.threads, options.arch)
                              : one.refused;
        if (!why.empty()) cannot_run.emplace_back(site.literal->describe(config.values), why);
      }
  }
  const std::size_t configurations = site.literal->configs.size();
  const bool every_configuration = plan.checked == plan.instantiations;
  if (every_configuration && cannot_run.size() == configurations) {
    report.error(at, "none of the " + std::to_string(configurations) +
                         " configurations of this site can run on " + sm_name(options.arch) + " (" +
                         listed(cannot_run) +
                         "): the first launch would have nothing to launch; change the space, "
                         "or the kernel's use of shared memory, registers or stack");
    return DeviceCheck::kNothingRuns;
  }
  std::string remarks;
  if (!cannot_run.empty()) {
    remarks = std::to_string(cannot_run.size()) + " of the " +
              (every_configuration ? std::to_string(configurations) + " configurations of this site"
                                   : std::to_string(plan.checked_configurations) +
                                         " configurations the device check built (of " +
                                         std::to_string(configurations) + ")") +
              " cannot run on " + sm_name(options.arch) + " (" + listed(cannot_run) +
              "): the first launch skips them; leave them out with `where` or narrow an axis";
    standalone_note(where, remarks);
  }
  record_pass(options.cache_dir, key, remarks);
  if (options.verbose)
    llvm::errs() << "tiletune: device check of " << place << ": compiled " << plan.checked
                 << " instantiations in " << plan.programs.size() << " NVRTC programs for "
                 << sm_name(options.arch) << "\n";
  return DeviceCheck::kPassed;
}

}  // namespace tiletune::tool
