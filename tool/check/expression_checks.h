// Where `$name` may appear and what it names; the measurement options (restore, outputs, verify,
// flush_l2).
#pragma once

#include "annotation/annotation.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"

namespace tiletune::tool {

// `$name` only where a configuration is known, and, for a literal space, naming one of its axes.
// An opaque space's names are checked at run time (`literal` null).
void check_dollars(const Annotation& a, const LiteralSpace* literal, SiteReporter& report);

// Literal values that cannot launch: a division (/, %, cld) by a literal zero anywhere in a launch
// expression, and blocks or threads outside a 32-bit launch dimension, for every configuration
// of a literal space (after `where`; `literal` null for an opaque space: only expressions without
// `$` are known then).
void check_literal_values(const Annotation& a, const LiteralSpace* literal, SiteReporter& report);

void check_measurement_options(const Annotation& a, SiteReporter& report);

}  // namespace tiletune::tool
