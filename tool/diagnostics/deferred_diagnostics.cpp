#include "diagnostics/deferred_diagnostics.h"

#include <llvm/ADT/SmallString.h>

#include <algorithm>

namespace tiletune::tool {

DeferredDiagnostics& DeferredDiagnostics::install(clang::DiagnosticsEngine& engine) {
  clang::DiagnosticConsumer& target = *engine.getClient();
  std::unique_ptr<clang::DiagnosticConsumer> owned;
  if (engine.ownsClient()) owned = engine.takeClient();
  auto* deferred = new DeferredDiagnostics(engine, target, std::move(owned));
  engine.setClient(deferred, /*ShouldOwnClient=*/true);
  return *deferred;
}

bool DeferredDiagnostics::release(const std::function<bool(clang::SourceLocation)>& stays_error,
                                  const std::function<bool(clang::SourceLocation)>& withheld,
                                  bool verbose) {
  deferring_ = false;
  // The engine counted the held errors; those left to nvcc must not stop the rewrite.
  engine_.Reset(/*soft=*/true);
  bool error = false;
  bool withholding = false;  // the diagnostic that the notes that follow belong to is withheld
  bool dropping = false;     // ... is left to nvcc: its notes (candidate lists) go with it
  for (const clang::StoredDiagnostic& d : held_) {
    clang::DiagnosticsEngine::Level level = d.getLevel();
    if (level != clang::DiagnosticsEngine::Note) {
      withholding = withheld && withheld(d.getLocation());
      dropping = !withholding && !stays_error(d.getLocation());
      if (dropping && level >= clang::DiagnosticsEngine::Error && left_to_nvcc_++ == 0)
        first_left_to_nvcc_ = d.getLocation();
    }
    if (withholding) {
      withheld_.push_back(d);
      continue;
    }
    if (dropping) {
      if (verbose && level != clang::DiagnosticsEngine::Note)
        engine_.Report(clang::StoredDiagnostic(
            clang::DiagnosticsEngine::Warning, d.getID(),
            d.getMessage().str() + " (Clang's view; no tuned kernel depends on this code: left "
                                   "to nvcc)",
            d.getLocation(), d.getRanges(), {}));
      continue;
    }
    error = error || level >= clang::DiagnosticsEngine::Error;
    engine_.Report(d);
  }
  held_.clear();
  return error;
}

bool DeferredDiagnostics::release_withheld(
    const std::function<bool(clang::SourceLocation)>& in_site, Withheld what) {
  bool error = false;
  bool taken = false;  // the diagnostic that the notes that follow belong to is this site's
  bool reported = false;
  std::vector<clang::StoredDiagnostic> rest;
  for (const clang::StoredDiagnostic& d : withheld_) {
    bool const note = d.getLevel() == clang::DiagnosticsEngine::Note;
    if (!note) {
      taken = in_site(d.getLocation());
      reported =
          taken && what != Withheld::kDrop && d.getLevel() >= clang::DiagnosticsEngine::Error;
    }
    if (!taken) {
      rest.push_back(d);
      continue;
    }
    if (!reported) continue;
    if (what == Withheld::kReportAsWarnings) {
      // One line: nvcc judges this host code, so Clang's notes (its candidate lists) stay out.
      if (!note)
        engine_.Report(clang::StoredDiagnostic(
            clang::DiagnosticsEngine::Warning, d.getID(),
            d.getMessage().str() + " (Clang's host-side view of the call; nvcc judges host code)",
            d.getLocation(), d.getRanges(), d.getFixIts()));
      continue;
    }
    error = error || !note;
    engine_.Report(d);
  }
  withheld_ = std::move(rest);
  return error;
}

bool DeferredDiagnostics::withholds_error(
    const std::function<bool(clang::SourceLocation)>& in_site) const {
  return std::any_of(withheld_.begin(), withheld_.end(), [&](const clang::StoredDiagnostic& d) {
    return d.getLevel() >= clang::DiagnosticsEngine::Error && in_site(d.getLocation());
  });
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
  // nvcc's __maxnreg__ is an attribute Clang 22 does not know; nvcc takes it, and the tool reads it
  // from the macro (preprocess/register_limit.h): nothing to warn about.
  if (level == clang::DiagnosticsEngine::Warning) {
    llvm::SmallString<64> message;
    info.FormatDiagnostic(message);
    if (message.str().starts_with("unknown attribute 'maxnreg'")) return;
  }
  if (deferring_ && level != clang::DiagnosticsEngine::Fatal) {
    held_.emplace_back(level, info);
    return;
  }
  clang::DiagnosticConsumer::HandleDiagnostic(level, info);  // counts errors and warnings
  target_.HandleDiagnostic(level, info);
}

}  // namespace tiletune::tool
