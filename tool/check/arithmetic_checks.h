// What the generated code computes for a configuration that it cannot: a division by zero
// (`cld(n, $tile)` with tile 0 raises tiletune::Error at every first launch; `/` and `%` are
// undefined) or a value past 64 bits (undefined: a `$name` is a `long long` there). Each is an
// error at its column, naming the configuration, for every configuration of a literal space (after
// `where`); for an opaque space, only what has no `$` is known here.
#pragma once

#include "annotation/annotation.h"
#include "check/space_checks.h"
#include "diagnostics/diagnostics.h"

namespace tiletune::tool {

// The launch expressions but `where` (check_where evaluates it whole): each one the tool can
// evaluate, or, in one it cannot, each part it can (a cld's arguments, the operand of `/` or `%`,
// a term between `+` and `-` at the top or inside brackets).
void check_configuration_arithmetic(const Annotation& a, const LiteralSpace* literal,
                                    SiteReporter& report);

}  // namespace tiletune::tool
