#include "check/site_checks.h"

#include "check/arithmetic_checks.h"
#include "check/expression_checks.h"
#include "check/kernel_checks.h"
#include "check/keyword_checks.h"
#include "check/launch_resource_checks.h"
#include "check/search_checks.h"

namespace tiletune::tool {

std::optional<CheckedSite> check_site(const SiteText& site, const Annotation& annotation,
                                      const SiteLaunches& launches, const LookupIndex& lookup,
                                      const PreprocessorRecord& preprocessor, Reporter& report) {
  SiteReporter site_report(report, site);
  unsigned const errors_before = report.errors();
  check_keywords(annotation, site_report);
  std::optional<LiteralSpace> literal = check_literal_space(annotation, site_report);
  LiteralSpace* literal_space = literal ? &*literal : nullptr;
  check_hints(annotation, site_report);
  check_dollars(annotation, literal_space, site_report);
  // A name Clang rejected leaves the configurations unknown: Clang's error stands for them.
  if (!check_where(annotation, literal_space, launches, site_report)) literal_space = nullptr;
  check_literal_values(annotation, literal_space, site_report);
  check_configuration_arithmetic(annotation, literal_space, site_report);
  check_block_size(annotation, literal_space, site_report);
  check_measurement_options(annotation, site_report);
  check_search_options(annotation, site_report);
  // In a template, each instantiation resolves the call its own way; Clang reports those it
  // cannot, as it does a call it rejects anywhere.
  bool const deduced = launches.in_template || launches.rejected ||
                       (!launches.instantiations.empty() && launches.instantiations[0].kernel);
  const clang::FunctionDecl* kernel =
      check_kernel(annotation, literal_space, deduced, lookup, launches.enclosing, site_report);
  check_register_limit(annotation, kernel, preprocessor, site_report);
  if (report.errors() == errors_before)
    check_dynamic_shared_memory(annotation, kernel, site_report);
  if (report.errors() != errors_before) return std::nullopt;
  CheckedSite checked{&site, &annotation, kernel, std::move(literal)};
  checked.launches = &launches;
  if (!launches.in_template && !launches.instantiations.empty())
    checked.instantiation = &launches.instantiations.front();
  return checked;
}

}  // namespace tiletune::tool
