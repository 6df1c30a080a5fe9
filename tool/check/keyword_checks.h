// The annotation's keywords: each known (rules.h), given once, and the ones a launch needs given.
#pragma once

#include "annotation/annotation.h"
#include "diagnostics/diagnostics.h"

namespace tiletune::tool {

void check_keywords(const Annotation& a, SiteReporter& report);

}  // namespace tiletune::tool
