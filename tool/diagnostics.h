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

  static clang::SourceLocation at(const SiteText& site, unsigned offset) {
    return site.text_begin.getLocWithOffset(static_cast<int>(offset));
  }

  unsigned errors() const { return errors_; }

 private:
  void report(clang::DiagnosticsEngine::Level level, clang::SourceLocation where,
              clang::SourceRange range, const std::string& message);

  clang::DiagnosticsEngine& engine_;
  unsigned errors_ = 0;
};

}  // namespace tiletune::tool
