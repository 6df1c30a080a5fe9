// The declarations a site's template arguments name (`Scale`, `ns::Scale<float>`, `floatX`,
// `kTile`): the tool passes template arguments to NVRTC as text, so the slice must carry what that
// text names, as it carries what the kernel names. A name NVRTC can never see is refused here: a
// type declared inside the enclosing function (a local alias of a type declared elsewhere is given
// to NVRTC as that type, and what it names is carried).
#pragma once

#include "annotation/annotation.h"
#include "check/kernel_lookup.h"
#include "diagnostics/diagnostics.h"
#include "slice/declaration_uses.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include <optional>
#include <vector>

namespace tiletune::tool {

// Uses of the namespace-scope declarations (types, class and alias templates, enums, variables)
// that the identifiers of `call`'s template arguments name, each at its column, looked up from the
// site as unqualified lookup does through the enclosing namespaces (ignoring using directives);
// names that find nothing (keywords, builtins) and the enclosing templates' parameters (each
// instantiation spells those) are left out. nullopt after reporting a name the slice cannot carry.
// `enclosing` is the innermost function whose body holds the site (SiteLaunches::enclosing).
std::optional<std::vector<Use>> template_argument_uses(
    const KernelCall& call, const clang::FunctionDecl* enclosing,
    const std::vector<const clang::NamedDecl*>& enclosing_parameters, const LookupIndex& lookup,
    SiteReporter& report);

}  // namespace tiletune::tool
