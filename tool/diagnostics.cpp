#include "diagnostics.h"

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
  clang::SourceRange range;
  if (span.end > span.begin) range = {at(site, span.begin), at(site, span.end)};
  report(clang::DiagnosticsEngine::Error, at(site, span.begin), range, message);
}

void Reporter::warning(const SiteText& site, Span span, const std::string& message) {
  clang::SourceRange range;
  if (span.end > span.begin) range = {at(site, span.begin), at(site, span.end)};
  report(clang::DiagnosticsEngine::Warning, at(site, span.begin), range, message);
}

void Reporter::note(clang::SourceLocation where, const std::string& message) {
  report(clang::DiagnosticsEngine::Note, where, {}, message);
}

void Reporter::error(clang::SourceLocation where, const std::string& message) {
  report(clang::DiagnosticsEngine::Error, where, {}, message);
}

}  // namespace tiletune::tool
