// Holds back Clang's diagnostics while the file is parsed, so that once the tuned code is known
// (slice/tuned_code.h) what Clang says about code no tuned kernel depends on is left to nvcc, which
// compiles that code, may well accept it (Clang's host headers are not nvcc's), and reports a real
// error itself: such errors are counted, not printed, so that nothing is said twice and no
// candidate list of Clang's reaches the user; `verbose` lists them, a line each. Afterwards it
// passes diagnostics straight on.
#pragma once

#include <clang/Basic/Diagnostic.h>

#include <functional>
#include <memory>
#include <vector>

namespace tiletune::tool {

class DeferredDiagnostics : public clang::DiagnosticConsumer {
 public:
  // Installs itself as `engine`'s client, in front of the one there.
  static DeferredDiagnostics& install(clang::DiagnosticsEngine& engine);

  // Reports what was held back where `stays_error(location)` (code a tuned kernel depends on);
  // the errors elsewhere are counted (left_to_nvcc()) and dropped with their notes and the
  // warnings there, or, when `verbose`, each reported as a warning without its notes. Whether an
  // error was reported. Diagnostics where `withheld(location)` is true (an annotation's kernel
  // call, which Clang saw through the probe: call_probe.h) and their notes wait for
  // release_withheld(): the tool's own checks of the annotation say it better when they find
  // something.
  bool release(const std::function<bool(clang::SourceLocation)>& stays_error,
               const std::function<bool(clang::SourceLocation)>& withheld = {},
               bool verbose = false);

  // The errors release() left to nvcc, and where the first is.
  unsigned left_to_nvcc() const { return left_to_nvcc_; }
  clang::FullSourceLoc first_left_to_nvcc() const { return first_left_to_nvcc_; }

  // What release_withheld() does with a site's withheld errors.
  enum class Withheld { kDrop, kReport, kReportAsWarnings };

  // The withheld errors, with their notes, where `in_site(location)` is true: dropped, reported,
  // or reported as warnings left to nvcc (without their notes: Clang's candidate lists). Withheld warnings are dropped: they concern the probe's
  // own form. Whether an error was reported.
  bool release_withheld(const std::function<bool(clang::SourceLocation)>& in_site, Withheld what);

  // Whether an error is withheld where `in_site(location)` is true.
  bool withholds_error(const std::function<bool(clang::SourceLocation)>& in_site) const;

  void BeginSourceFile(const clang::LangOptions& options, const clang::Preprocessor* pp) override;
  void EndSourceFile() override;
  void finish() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic& info) override;

 private:
  DeferredDiagnostics(clang::DiagnosticsEngine& engine, clang::DiagnosticConsumer& target,
                      std::unique_ptr<clang::DiagnosticConsumer> owned)
      : engine_(engine), target_(target), owned_(std::move(owned)) {}

  clang::DiagnosticsEngine& engine_;
  clang::DiagnosticConsumer& target_;
  std::unique_ptr<clang::DiagnosticConsumer> owned_;  // when the engine owned the target
  bool deferring_ = true;
  std::vector<clang::StoredDiagnostic> held_;
  std::vector<clang::StoredDiagnostic> withheld_;  // errors and their notes only
  unsigned left_to_nvcc_ = 0;
  clang::FullSourceLoc first_left_to_nvcc_;
};

}  // namespace tiletune::tool
