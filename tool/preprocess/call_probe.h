// The kernel call of an annotation, shown to Clang where the annotation is written, so that Clang
// resolves it as it resolves a launch the user writes: the template arguments it deduces from the
// call's arguments and, in a host function template, the kernel specialisation each instantiation
// calls (site_instantiations.h reads them back). The tool parses TILETUNE(...) as `((void)0)`;
// the probe follows that expansion as `, (void)sizeof((kernel<args> <<<1, 1>>>(args), 0))`, an
// unevaluated operand that instantiates no kernel body. `$name` stands for one of its axis values
// (any configuration names the same parameter types: the checks make sure of it). Each name of a
// constant in `where` follows as `, (void)sizeof((::tiletune::detail::where_name<i>(name), 0))`, so
// that Clang looks it up and evaluates it as C++ would at the annotation (tiletune.h declares
// where_name for the tool's parse).
#pragma once

#include "preprocess/site_finder.h"

namespace clang {
class Preprocessor;
}

namespace tiletune::tool {

// Enters the probe for `site` into `pp`'s token stream, to follow TILETUNE's expansion; nothing
// when the annotation does not parse (the checks report it). The kernel call is left out when
// there is none, or, before C++20, when an argument is a lambda (which an unevaluated operand may
// not hold).
void enter_call_probe(clang::Preprocessor& pp, const SiteText& site);

}  // namespace tiletune::tool
