// The names before a '<' in an annotation, looked up by Clang where the annotation is written,
// while the parser is there: its scopes then hold the enclosing function's parameters and locals,
// the using-directives and the template parameters in force, so the lookup is the one C++ does
// to decide whether '<' opens template arguments ([temp.names]).
#pragma once

#include "annotation/template_names.h"

#include <clang/Basic/SourceLocation.h>

#include <optional>

namespace clang {
class Sema;
class DeclContext;
class LookupResult;
}  // namespace clang

namespace tiletune::tool {

class TemplateNameLookup {
 public:
  // `at` is the annotation; the lookup uses `sema`'s scope at the moment of the call.
  TemplateNameLookup(clang::Sema& sema, clang::SourceLocation at) : sema_(sema), at_(at) {}

  // true: a template (or, in C++20, an unqualified name that finds only functions or nothing);
  // false: something else; nullopt: what it is depends on a template's argument or on a class not
  // yet complete, or the parser is not inside a function body (a member function defined in its
  // class is read after the class: its locals are not in scope when the annotation is found).
  std::optional<bool> names_template(const TemplateNameQuery& query) const;

 private:
  std::optional<bool> unqualified(const std::string& name) const;
  std::optional<bool> qualified(const TemplateNameQuery& query) const;
  std::optional<bool> member(const TemplateNameQuery& query) const;
  // The namespace or complete class a name of a nested-name-specifier names, in `scope` (null:
  // unqualified lookup); null when it names neither.
  clang::DeclContext* scope_named(const std::string& name, clang::DeclContext* scope) const;
  bool in_function_body() const;

  clang::Sema& sema_;
  clang::SourceLocation at_;
};

}  // namespace tiletune::tool
