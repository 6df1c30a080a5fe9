// The launch at the site: ::tiletune::launch<KernelPointer>(site, key, geometry, [options,]
// arguments), the runtime call a person would write by hand.
#pragma once

#include "check/site_checks.h"
#include "emit/code_layout.h"
#include "emit/expression_code.h"

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// The launch of the site object `variable`.
Code launch_code(const CheckedSite& site, const ExpressionCode& expressions,
                 const std::string& variable);
// The same through another site object and a key already evaluated (an opaque space's per-key
// site, tiletune::SitesPerKey); `variable` still names the signature declaration.
Code launch_code(const CheckedSite& site, const ExpressionCode& expressions,
                 const std::string& variable, Code site_object, Code key);

// ::tiletune::key(...): key_values, then every Constant(...) argument's value.
Code launch_key_code(const CheckedSite& site, const ExpressionCode& expressions);

// A template kernel's pointer type is named through a host function template of the same
// signature, declared (never defined) with the site: naming the kernel's own specialisation would
// make nvcc expect this translation unit to define it. The declaration, or "" when the pointer
// type is spelled out.
std::string signature_declaration(const CheckedSite& site, const std::string& variable);
std::string signature_name(const std::string& variable);

// Parameter `i` of the kernel the site launches, when its type is a lambda's closure type (by
// value or by reference), at a site in a plain function: host code names the closure through what
// the annotation writes, a template argument that is the closure type (`decltype(twice)`), or else
// the argument passed (`twice`, a variable holding the lambda; a lambda written in place is
// tiletune::detail::Deduced, the argument's own type). nullopt for another parameter, or when the
// annotation writes neither (closure_argument_problem says why not the argument).
std::optional<std::string> closure_parameter_spelling(const CheckedSite& site, unsigned i);

// Why generated host code cannot name a lambda's closure type through `arg`, an argument of that
// type ("" when it can: decltype of the argument).
std::string closure_argument_problem(const Argument& arg);

// The key's values before the Constant(...) arguments: the written key, or by default every
// integral argument that is the same for every configuration, bucketed to the next power of two.
std::vector<Code> key_values(const CheckedSite& site, const ExpressionCode& expressions);

}  // namespace tiletune::tool
