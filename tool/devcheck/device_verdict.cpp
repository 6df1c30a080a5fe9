#include "devcheck/device_verdict.h"

#include "devcheck/check_plan.h"
#include "devcheck/device_source_dump.h"

#include <llvm/ADT/SmallString.h>

#include <tuple>
#include <vector>

namespace tiletune::tool {
namespace {

void report_objections(const std::vector<Objection>& objections, Reporter& report) {
  for (const Objection& o : objections) {
    report.error(o.at, o.message);
    for (const auto& [at, note] : o.notes) report.note(at, note);
  }
}

// Diagnostics held back in order, with their places, to be passed on later.
class HeldDiagnostics : public clang::DiagnosticConsumer {
 public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override {
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    held_.emplace_back(level, info.getLocation(), message.str().str());
  }

  void pass_on(clang::DiagnosticsEngine& engine) const {
    for (const auto& [level, at, message] : held_)
      engine.Report(at, engine.getCustomDiagID(level, "%0")) << message;
  }

 private:
  std::vector<std::tuple<clang::DiagnosticsEngine::Level, clang::SourceLocation, std::string>>
      held_;
};

// The device check, its diagnostics held back in `held` so that objections can go first.
DeviceCheck check_holding_diagnostics(const CheckedSite& site, const std::string& name_expression,
                                      const Slice& slice, const DeviceCheckOptions& options,
                                      clang::ASTContext& context, HeldDiagnostics& held) {
  clang::DiagnosticsEngine& engine = context.getDiagnostics();
  clang::DiagnosticsEngine holding(engine.getDiagnosticIDs(), engine.getDiagnosticOptions(), &held,
                                   /*ShouldOwnClient=*/false);
  holding.setSourceManager(&context.getSourceManager());
  Reporter held_report(holding);
  return check_device_code(site, name_expression, slice.source, options, context, held_report);
}

}  // namespace

bool judge_device_code(const CheckedSite& site, const std::string& name_expression,
                       const Slice& slice, const DeviceCheckOptions& options,
                       clang::ASTContext& context, Reporter& report) {
  if (!options.dump_dir.empty())
    dump_device_source(site, name_expression, slice, options, context, report);
  const bool judged =
      options.enabled && plan_device_check(site, name_expression, slice.source).not_checked.empty();
  if (!options.enabled) {
    report_objections(slice.objections, report);
    return slice.objections.empty();
  }
  HeldDiagnostics held;
  const DeviceCheck checked =
      check_holding_diagnostics(site, name_expression, slice, options, context, held);
  // What compiles but cannot run is no objection's to explain.
  if (checked == DeviceCheck::kCompileError || !judged) report_objections(slice.objections, report);
  held.pass_on(context.getDiagnostics());
  return checked == DeviceCheck::kPassed && (judged || slice.objections.empty());
}

}  // namespace tiletune::tool
