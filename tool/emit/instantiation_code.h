// A site in a host function template (or in a member of a class template) is a site per
// instantiation. Their sites live in a class template declared, in an unnamed namespace (each
// translation unit has its own), just before the template that holds the annotation, and
// specialised once per instantiation where everything that instantiation names is declared:
//
//   namespace { template <class T, bool F> struct tiletune_site_12_3_for; }
//   template <class T, bool F> void launch(T* x, int n) {
//     ::tiletune::launch<typename tiletune_site_12_3_for<T, F>::kernel>(
//         tiletune_site_12_3_for<T, F>::site, key, geometry, x, n);
//   }
//   ...
//   namespace {
//   template <> struct tiletune_site_12_3_for<float, true> {
//     using kernel = void (*)(float *, int);
//     static ::tiletune::Site site;
//   };
//   ::tiletune::Site tiletune_site_12_3_for<float, true>::site([]() -> ::tiletune::SiteInfo {
//     ::tiletune::SiteInfo info; ... }());
//   }
//
// (an opaque space's instead gives `static ::tiletune::SiteInfo info()`, without the space, which
// the launch builds per key; the site is defined after the class, not as an inline variable, as
// the file may be C++11). This file spells those pieces.
#pragma once

#include "check/site_instantiations.h"
#include "emit/argument_spelling.h"

#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

// "tiletune_site_12_3_for<T, F>", as the template's body names the class template.
std::string instantiation_class(const SiteLaunches& launches, const std::string& variable);

// The class template's declaration, in an unnamed namespace, with a newline.
std::string instantiation_class_declaration(const SiteLaunches& launches,
                                            const std::string& variable,
                                            clang::ASTContext& context);

// "tiletune_site_12_3_for<float, true>", for the specialisation's head; nullopt (with `why`)
// when an argument has no spelling outside the function that made it.
std::optional<std::string> instantiation_class_of(const SiteLaunches& launches,
                                                  const SiteInstantiation& instance,
                                                  const std::string& variable,
                                                  clang::ASTContext& context, Unspellable* why,
                                                  const ClosureSpellings* closures = nullptr);

// An instantiation whose arguments hold lambdas' closure types (a template argument that is one,
// or a reference to one) is a partial specialisation: each closure, tagged where the lambda is
// written (tiletune::closure<line, column>(...), include/tiletune/closure.h), is spelled
// ::tiletune::Closure<line, column, tt_closure_N>, tt_closure_N a parameter of the
// specialisation. The closures `instance`'s arguments hold, with their spellings, and the
// specialisation's parameters ("" for none); a closure the slice cannot write out
// (closure_unsupported) or outside the main file gets no spelling.
struct ClosureParameters {
  ClosureSpellings spellings;
  std::string parameters;  // "class tt_closure_0, class tt_closure_1"
  // For the specialisation's body: the host's closure is as large as the slice's struct (whose
  // members the bytes a launch passes are read as), a check on the two compilers' layouts.
  std::vector<std::string> size_checks;
};
ClosureParameters closure_parameters(const SiteInstantiation& instance,
                                     const clang::SourceManager& sm);

// Whether every template argument of the kernel specialisation has a spelling for NVRTC (else
// `why` says which has none).
bool kernel_arguments_spellable(const clang::FunctionDecl* kernel, Unspellable* why);

// The kernel specialisation's pointer type, spelled to mean the same at namespace scope.
std::optional<std::string> kernel_pointer_spelling(const clang::FunctionDecl* kernel,
                                                   Unspellable* why,
                                                   const ClosureSpellings* closures = nullptr);

// `namespace a { inline namespace b {` ... for the namespaces around the declaration at namespace
// scope that holds the site, and the closing braces.
std::string open_namespaces_of(const clang::Decl* d);
std::string close_namespaces_of(const clang::Decl* d);

}  // namespace tiletune::tool
