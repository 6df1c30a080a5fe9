#include "diagnostics/diagnostics.h"

namespace tiletune::tool {

void Reporter::report(clang::DiagnosticsEngine::Level level, clang::SourceLocation where,
                      clang::SourceRange range, const std::string& message) {
  if (level >= clang::DiagnosticsEngine::Error) ++errors_;
  unsigned id = engine_.getCustomDiagID(level, "%0");
  auto builder = engine_.Report(where, id);
  builder << message;
  if (range.isValid()) builder << clang::CharSourceRange::getCharRange(range);
}

void Reporter::error(const SiteText& site, Span span, const std::string& message) {
  report_in_site(clang::DiagnosticsEngine::Error, site, span, message);
}

void Reporter::warning(const SiteText& site, Span span, const std::string& message) {
  report_in_site(clang::DiagnosticsEngine::Warning, site, span, message);
}

// A problem inside a macro's expansion is reported at the macro's use, with a note at its
// definition that names it: the written text does not show what was wrong.
void Reporter::report_in_site(clang::DiagnosticsEngine::Level level, const SiteText& site,
                              Span span, const std::string& message) {
  clang::SourceRange range;
  if (span.end > span.begin)
    range = {site_location(site, span.begin), site_location(site, span.end, true)};
  report(level, site_location(site, span.begin), range, message);
  const MacroExpansion* macro = expansion_at(site.expansions, span.begin);
  if (!macro) return;
  if (macro->function_like)
    report(clang::DiagnosticsEngine::Note, macro->definition, {},
           "'" + macro->name +
               "' is a function-like macro, which tiletune leaves to the compiler: where the "
               "annotation needs a value, write it, or define an object-like macro");
  else
    report(clang::DiagnosticsEngine::Note, macro->definition, {},
           "in the expansion of macro '" + macro->name +
               "': write the values in the annotation itself if the macro cannot hold them");
}

void Reporter::note(clang::SourceLocation where, const std::string& message) {
  report(clang::DiagnosticsEngine::Note, where, {}, message);
}

void Reporter::error(clang::SourceLocation where, const std::string& message) {
  report(clang::DiagnosticsEngine::Error, where, {}, message);
}

}  // namespace tiletune::tool
