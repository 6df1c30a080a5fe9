// Template arguments as Clang resolved them (an instantiation's, or those Clang deduced at a
// launch), spelled as C++ text that means the same anywhere: in generated host code at namespace
// scope (qualified from the global namespace) and in NVRTC's name expressions (qualified, no
// leading `::`). And what such a spelling names, for the slice to carry and for the generated
// code to come after.
#pragma once

#include "check/site_instantiations.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/TemplateBase.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

enum class Spelling { Host, Nvrtc };

// Why an argument has no spelling: it names a type declared inside a function, a lambda's
// closure type or an unnamed type, which no code outside that function can name.
struct Unspellable {
  std::string type;                          // as Clang prints it
  const clang::Decl* declaration = nullptr;  // where it is declared

  bool lambda() const;
  // "a lambda's closure type", "a type declared inside 'run'", "an unnamed type".
  std::string what() const;
};

// How generated host code spells the lambdas' closure types it meets (instantiation_code.h: a
// template site's instantiation specialised for a closure type names it through the lambda's
// tagged type). NVRTC's spelling is the slice's struct (slice/lambda_closures.h).
using ClosureSpellings = std::map<const clang::CXXRecordDecl*, std::string>;

// `args` with each pack's elements in its place.
std::vector<clang::TemplateArgument> flattened(llvm::ArrayRef<clang::TemplateArgument> args);

// The argument as C++ text; nullopt (with `why`) when it cannot be spelled. A lambda's closure
// type (itself, not inside another type) is the slice's struct for NVRTC, and in host code
// what `closures` says, if anything.
std::optional<std::string> spell_argument(const clang::TemplateArgument& arg,
                                          clang::ASTContext& context, Spelling spelling,
                                          Unspellable* why = nullptr,
                                          const ClosureSpellings* closures = nullptr);

// A type as C++ text (canonical, fully qualified), under the same rules.
std::optional<std::string> spell_type(clang::QualType type, clang::ASTContext& context,
                                      Spelling spelling, Unspellable* why = nullptr,
                                      const ClosureSpellings* closures = nullptr);

// The declarations the argument's spelling names: classes and enums (a class template
// specialisation's template and arguments too), functions and variables, templates.
void named_declarations(const clang::TemplateArgument& arg, std::vector<const clang::Decl*>& named);
void named_declarations(clang::QualType type, std::vector<const clang::Decl*>& named);

// `text` (an annotation expression written in the template's body) with each identifier that names
// one of the enclosing templates' parameters replaced by what `instance` gives it, spelled for
// NVRTC, and each that names a local constant as with_local_constants_spelled; members (after
// `.`, `->`, `::`) and `$name`s are left as they are.
std::string with_parameters_spelled(const std::string& text, const SiteLaunches& launches,
                                    const SiteInstantiation& instance, clang::ASTContext& context);

// `text` (a template argument as the annotation writes it) with each identifier that names one of
// the launching function's local constants (SiteInstantiation::local_constants) replaced by its
// value as `instance` has it, and each that names one of its local type aliases (local_types) by
// the type, spelled for NVRTC, which compiles the kernel apart from that function; members and
// `$name`s are left as they are.
std::string with_local_constants_spelled(const std::string& text, const SiteInstantiation& instance,
                                         clang::ASTContext& context);

}  // namespace tiletune::tool
