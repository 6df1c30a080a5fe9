// What Clang made of each annotation's kernel call and of the names in its `where` (the probe,
// call_probe.h): in a plain function, the kernel specialisation the launch calls, with the template
// arguments Clang deduced; in a host function template (or a member of a class template), the
// same for every instantiation the translation unit holds, with that instantiation's template
// arguments. Each instantiation is a site of its own. The names in `where` have one value for the
// site, as its text (a template's pattern) has them.
#pragma once

#include "preprocess/site_finder.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/TemplateBase.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tiletune::tool {

struct SiteInstantiation {
  // The function whose body holds the launch: an instantiation, or the plain function (a lambda's
  // call operator when the annotation is inside a lambda).
  const clang::FunctionDecl* function = nullptr;
  // The kernel specialisation the launch calls; null where Clang could not resolve the call (it
  // said why).
  const clang::FunctionDecl* kernel = nullptr;
  // One per SiteLaunches::parameters: what this instantiation gives each.
  std::vector<clang::TemplateArgument> arguments;
  // The constants local to `function` that the kernel's written template arguments name
  // (`const int total = 4096;` in `add_many<$b, total / $b>`), as this instantiation has them:
  // NVRTC compiles the kernel apart from the function, so their values go in their place.
  std::vector<const clang::VarDecl*> local_constants;
  // The type aliases local to `function` that the written template arguments name (`using T =
  // float;` in `scale<$b, T>`), as this instantiation has them: NVRTC is given the type.
  std::vector<const clang::TypedefNameDecl*> local_types;
};

// What Clang made of one name of a constant in `where` (the probe's where_name<i>(name)), read
// where the annotation is written (in a template, its pattern): its value, or why it has none.
struct WhereName {
  std::optional<long long> value;
  std::string problem;  // "" with a value: "is not a constant expression", ...
  // The name's value depends on the enclosing template's parameters (`constexpr int kBytes =
  // sizeof(T)`): 'where' is evaluated once for the annotation, not per instantiation.
  bool dependent = false;
  // Clang's notes on why it is not constant ("read of non-const variable 'n' ..."), each where
  // Clang puts it.
  std::vector<std::pair<clang::SourceLocation, std::string>> notes;
};

struct SiteLaunches {
  // The innermost function whose body holds the annotation, as written (a template's pattern);
  // null when none does.
  const clang::FunctionDecl* enclosing = nullptr;
  // The annotation is in a template: a function template, a member of a class template, or a
  // lambda or local class inside one.
  bool in_template = false;
  // In a template: why its instantiations cannot be told apart in generated code (a generic
  // lambda's invented parameters have no name); "" when they can.
  std::string unnameable;
  // In a template: the named template parameters of every enclosing template, outermost first
  // (unnamed ones cannot change what the body does); their names in the annotation's scope. Then
  // the constants that tell a macro's copies of the annotation apart (`constexpr static bool B`
  // of a BOOL_SWITCH: site_instantiations.cpp, key_copies), which make a plain function's site
  // one per copy too (`in_template` set).
  std::vector<const clang::NamedDecl*> parameters;
  // The declaration at namespace scope whose text holds the annotation (a function or class
  // template, or an out-of-line member definition).
  const clang::Decl* namespace_scope = nullptr;
  // In a plain function, the one launch; in a template, one per instantiation, in the order Clang
  // made them (none for a template this translation unit never instantiates).
  std::vector<SiteInstantiation> instantiations;
  // Clang reported an error about the call (in some instantiation): its message explains what
  // was not resolved.
  bool rejected = false;
  // By the name's index among `where`'s names (evaluable_grammar.h, names_in); a name Clang
  // rejected (an undeclared one: Clang said why) has none.
  std::map<unsigned, WhereName> where_names;
};

// The launches of every site, in the order of `sites`.
std::vector<SiteLaunches> find_site_launches(clang::ASTContext& context,
                                             const std::vector<SiteText>& sites);

// One named template parameter of a template around some code, as the pattern's text names it, and
// what an instantiation gives it.
struct EnclosingArgument {
  const clang::NamedDecl* parameter;
  clang::TemplateArgument argument;
};

// The named parameters of the templates around `instantiated` (a function made by instantiating a
// template, or one inside such a function: a lambda's call operator), outermost first, with what
// this instantiation gives each; an empty list for code in no template; nullopt where they cannot
// be lined up (a generic lambda's invented parameters among them).
std::optional<std::vector<EnclosingArgument>> enclosing_template_arguments(
    const clang::FunctionDecl* instantiated);

// Whether two launches of a site are copies of the annotation that a macro made in one
// instantiation of the code around it (their `arguments` equal) and Clang resolved to different
// kernels.
bool copies_launching_different_kernels(const SiteInstantiation& a, const SiteInstantiation& b);

// The instantiation that holds `function` (itself, or the function a lambda is in), for messages:
// "function template specialization 'launch<float>'"; null for code in no instantiation.
const clang::FunctionDecl* instantiated_function(const clang::FunctionDecl* function);

}  // namespace tiletune::tool
