#include "diagnostics/deferred_diagnostics.h"

namespace tiletune::tool {

DeferredDiagnostics& DeferredDiagnostics::install(clang::DiagnosticsEngine& engine) {
  clang::DiagnosticConsumer& target = *engine.getClient();
  std::unique_ptr<clang::DiagnosticConsumer> owned;
  if (engine.ownsClient()) owned = engine.takeClient();
  auto* deferred = new DeferredDiagnostics(engine, target, std::move(owned));
  engine.setClient(deferred, /*ShouldOwnClient=*/true);
  return *deferred;
}

bool DeferredDiagnostics::release(const std::function<bool(clang::SourceLocation)>& stays_error) {
  deferring_ = false;
  // The engine counted the held errors; those that turn into warnings must not stop the rewrite.
  engine_.Reset(/*soft=*/true);
  bool error = false;
  for (const clang::StoredDiagnostic& d : held_) {
    clang::DiagnosticsEngine::Level level = d.getLevel();
    std::string message = d.getMessage().str();
    if (level == clang::DiagnosticsEngine::Error && !stays_error(d.getLocation())) {
      level = clang::DiagnosticsEngine::Warning;  // its notes follow it as they are
      message += " (no tuned kernel depends on this code: left to nvcc)";
    }
    error = error || level >= clang::DiagnosticsEngine::Error;
    engine_.Report(clang::StoredDiagnostic(level, d.getID(), message, d.getLocation(),
                                           d.getRanges(), d.getFixIts()));
  }
  held_.clear();
  return error;
}

void DeferredDiagnostics::BeginSourceFile(const clang::LangOptions& options,
                                          const clang::Preprocessor* pp) {
  target_.BeginSourceFile(options, pp);
}

void DeferredDiagnostics::EndSourceFile() {
  // Nothing decided (the parse stopped before the tuned code was known): every error stays one.
  if (deferring_) release([](clang::SourceLocation) { return true; });
  target_.EndSourceFile();
}

void DeferredDiagnostics::finish() { target_.finish(); }

void DeferredDiagnostics::HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                                           const clang::Diagnostic& info) {
  if (deferring_ && level != clang::DiagnosticsEngine::Fatal) {
    held_.emplace_back(level, info);
    return;
  }
  clang::DiagnosticConsumer::HandleDiagnostic(level, info);  // counts errors and warnings
  target_.HandleDiagnostic(level, info);
}

}  // namespace tiletune::tool
