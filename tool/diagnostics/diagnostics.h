// Reports problems in an annotation through Clang's diagnostics engine, at the exact column of the
// offending text, so they print as `file:line:col: error: ...` with the line and a caret.
#pragma once

#include "annotation/annotation.h"
#include "preprocess/site_finder.h"

#include <clang/Basic/Diagnostic.h>

#include <string>

namespace tiletune::tool {

class Reporter {
 public:
  explicit Reporter(clang::DiagnosticsEngine& engine) : engine_(engine) {}

  void error(const SiteText& site, Span span, const std::string& message);
  void warning(const SiteText& site, Span span, const std::string& message);
  void note(clang::SourceLocation where, const std::string& message);
  void error(clang::SourceLocation where, const std::string& message);

  unsigned errors() const { return errors_; }

 private:
  void report(clang::DiagnosticsEngine::Level level, clang::SourceLocation where,
              clang::SourceRange range, const std::string& message);
  void report_in_site(clang::DiagnosticsEngine::Level level, const SiteText& site, Span span,
                      const std::string& message);

  clang::DiagnosticsEngine& engine_;
  unsigned errors_ = 0;
};

// A Reporter for one site: spans are offsets into its annotation.
class SiteReporter {
 public:
  SiteReporter(Reporter& report, const SiteText& site)
      : report_(report), site_(site), errors_before_(report.errors()) {}

  void error(Span span, const std::string& message) { report_.error(site_, span, message); }
  void warning(Span span, const std::string& message) { report_.warning(site_, span, message); }
  void note(Span span, const std::string& message) {
    report_.note(site_location(site_, span.begin), message);
  }
  // Elsewhere in the translation unit (a declaration the annotation conflicts with).
  void note(clang::SourceLocation where, const std::string& message) {
    report_.note(where, message);
  }

  const SiteText& site() const { return site_; }
  // Errors reported so far at this site: an earlier site's error must not stop this one's checks.
  unsigned errors() const { return report_.errors() - errors_before_; }

 private:
  Reporter& report_;
  const SiteText& site_;
  unsigned errors_before_;
};

}  // namespace tiletune::tool
