#include "preprocess/template_name_lookup.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/Sema/Lookup.h>
#include <clang/Sema/Scope.h>
#include <clang/Sema/Sema.h>

namespace tiletune::tool {
namespace {

// A declaration that makes a following '<' open template arguments: a template of any kind, or
// the injected-class-name of a class template (its own name inside it).
bool is_template(const clang::NamedDecl* d) {
  d = d->getUnderlyingDecl();
  if (llvm::isa<clang::TemplateDecl>(d)) return true;
  const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(d);
  if (record == nullptr || !record->isInjectedClassName()) return false;
  const auto* parent = llvm::cast<clang::CXXRecordDecl>(record->getDeclContext());
  return parent->getDescribedClassTemplate() != nullptr ||
         llvm::isa<clang::ClassTemplateSpecializationDecl>(parent);
}

// What a lookup's result makes of the '<' after the name; `unqualified_cxx20`: C++20's rule for
// an unqualified name, which reads one that finds only functions, or nothing, as a template.
std::optional<bool> classify(const clang::LookupResult& found, bool unqualified_cxx20) {
  if (found.isAmbiguous()) return std::nullopt;
  if (found.empty()) return unqualified_cxx20 ? std::optional<bool>(true) : std::nullopt;
  bool only_functions = true;
  for (const clang::NamedDecl* d : found) {
    if (is_template(d)) return true;
    only_functions = only_functions && llvm::isa<clang::FunctionDecl>(d->getUnderlyingDecl());
  }
  return unqualified_cxx20 && only_functions;
}

// The class a complete record type names, or null.
clang::CXXRecordDecl* complete_class(clang::QualType type) {
  auto* record = type.isNull() ? nullptr : type->getAsCXXRecordDecl();
  return record != nullptr ? record->getDefinition() : nullptr;
}

}  // namespace

std::optional<bool> TemplateNameLookup::names_template(const TemplateNameQuery& query) const {
  if (query.parts.empty()) return std::nullopt;
  if (query.member) return member(query);
  if (query.global || query.parts.size() > 1) return qualified(query);
  return unqualified(query.parts.front());
}

bool TemplateNameLookup::in_function_body() const {
  const clang::Scope* scope = sema_.getCurScope();
  return scope != nullptr && scope->getFnParent() != nullptr;
}

std::optional<bool> TemplateNameLookup::unqualified(const std::string& name) const {
  clang::LookupResult found(sema_, &sema_.Context.Idents.get(name), at_,
                            clang::Sema::LookupOrdinaryName);
  found.suppressDiagnostics();
  if (sema_.getCurScope() == nullptr) return std::nullopt;
  sema_.LookupName(found, sema_.getCurScope());
  // Outside a function body the locals are not in scope: finding nothing says nothing.
  bool const body = in_function_body();
  if (found.empty() && !body) return std::nullopt;
  return classify(found, body && sema_.getLangOpts().CPlusPlus20);
}

clang::DeclContext* TemplateNameLookup::scope_named(const std::string& name,
                                                    clang::DeclContext* scope) const {
  clang::LookupResult found(sema_, &sema_.Context.Idents.get(name), at_,
                            clang::Sema::LookupNestedNameSpecifierName);
  found.suppressDiagnostics();
  if (scope != nullptr)
    sema_.LookupQualifiedName(found, scope);
  else if (sema_.getCurScope() != nullptr)
    sema_.LookupName(found, sema_.getCurScope());
  if (!found.isSingleResult()) return nullptr;
  clang::NamedDecl* d = found.getFoundDecl()->getUnderlyingDecl();
  if (auto* alias = llvm::dyn_cast<clang::NamespaceAliasDecl>(d)) return alias->getNamespace();
  if (auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) return ns;
  if (auto* type = llvm::dyn_cast<clang::TypeDecl>(d))
    return complete_class(sema_.Context.getTypeDeclType(type));
  return nullptr;
}

std::optional<bool> TemplateNameLookup::qualified(const TemplateNameQuery& query) const {
  clang::DeclContext* scope = nullptr;
  if (query.global) scope = sema_.Context.getTranslationUnitDecl();
  for (std::size_t i = 0; i + 1 < query.parts.size(); ++i) {
    scope = scope_named(query.parts[i], scope);
    // A template parameter, a class not yet complete, a specialisation: not known here.
    if (scope == nullptr) return std::nullopt;
  }
  clang::LookupResult found(sema_, &sema_.Context.Idents.get(query.parts.back()), at_,
                            clang::Sema::LookupOrdinaryName);
  found.suppressDiagnostics();
  sema_.LookupQualifiedName(found, scope);
  return classify(found, false);
}

std::optional<bool> TemplateNameLookup::member(const TemplateNameQuery& query) const {
  if (query.parts.size() != 1 || query.object.empty()) return std::nullopt;
  clang::QualType type;
  if (query.object == "this") {
    type = sema_.getCurrentThisType();
  } else {
    clang::LookupResult object(sema_, &sema_.Context.Idents.get(query.object), at_,
                               clang::Sema::LookupOrdinaryName);
    object.suppressDiagnostics();
    if (sema_.getCurScope() == nullptr || !in_function_body()) return std::nullopt;
    sema_.LookupName(object, sema_.getCurScope());
    if (!object.isSingleResult()) return std::nullopt;
    const auto* value =
        llvm::dyn_cast<clang::ValueDecl>(object.getFoundDecl()->getUnderlyingDecl());
    if (value == nullptr) return std::nullopt;
    type = value->getType().getNonReferenceType();
  }
  if (type.isNull()) return std::nullopt;
  if (query.arrow) {
    if (!type->isPointerType()) return std::nullopt;  // a class's operator->: not followed
    type = type->getPointeeType();
  }
  clang::CXXRecordDecl* record = complete_class(type);
  if (record == nullptr || record->isDependentContext()) return std::nullopt;
  clang::LookupResult found(sema_, &sema_.Context.Idents.get(query.parts.front()), at_,
                            clang::Sema::LookupMemberName);
  found.suppressDiagnostics();
  sema_.LookupQualifiedName(found, record);
  if (found.empty()) return std::nullopt;
  return classify(found, false);
}

}  // namespace tiletune::tool
