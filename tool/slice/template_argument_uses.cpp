#include "slice/template_argument_uses.h"

#include "check/kernel_lookup.h"
#include "emit/argument_spelling.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/CharInfo.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>

#include <string>

namespace tiletune::tool {
namespace {

// A name in a template argument's text: `a`, `a::b` or `::a::b`, at `offset` in the text.
struct WrittenName {
  std::vector<std::string> parts;
  bool global = false;  // written with a leading `::`
  unsigned offset = 0;
  unsigned length = 0;
};

// The names a template argument writes, skipping `$name` (an axis), members (after `.`, `->`, or
// `::` following a template's `>`: `Box<int>::type` names Box) and a number's suffix (`2ll`).
std::vector<WrittenName> written_names(const std::string& text) {
  std::vector<WrittenName> names;
  std::size_t i = 0;
  auto identifier_at = [&](std::size_t at) {
    return at < text.size() && clang::isAsciiIdentifierStart(text[at]);
  };
  while (i < text.size()) {
    bool const global = text.compare(i, 2, "::") == 0 && identifier_at(i + 2);
    if (!global && !identifier_at(i)) {
      ++i;
      continue;
    }
    std::size_t const start = i;
    char const before = start > 0 ? text[start - 1] : ' ';
    bool const member =
        before == '.' || (before == '>' && (global || (start > 1 && text[start - 2] == '-')));
    bool const skipped = before == '$' || member || clang::isAsciiIdentifierContinue(before);
    WrittenName name{{}, global, static_cast<unsigned>(start), 0};
    if (global) i += 2;
    for (;;) {
      std::size_t const begin = i;
      while (i < text.size() && clang::isAsciiIdentifierContinue(text[i])) ++i;
      name.parts.push_back(text.substr(begin, i - begin));
      if (text.compare(i, 2, "::") != 0 || !identifier_at(i + 2)) break;
      i += 2;
    }
    name.length = static_cast<unsigned>(i - start);
    if (!skipped) names.push_back(std::move(name));
  }
  return names;
}

// The innermost function (a template's pattern, not an instantiation) whose body holds `site`.
class EnclosingFunction : public clang::RecursiveASTVisitor<EnclosingFunction> {
 public:
  EnclosingFunction(const clang::SourceManager& sm, clang::SourceLocation site)
      : sm_(sm), site_(site) {}

  bool VisitFunctionDecl(clang::FunctionDecl* f) {
    if (!f->doesThisDeclarationHaveABody() || f->isTemplateInstantiation()) return true;
    clang::SourceLocation begin = sm_.getExpansionLoc(f->getBody()->getBeginLoc());
    clang::SourceLocation end = sm_.getExpansionLoc(f->getBody()->getEndLoc());
    if (sm_.isBeforeInTranslationUnit(site_, begin) || sm_.isBeforeInTranslationUnit(end, site_))
      return true;
    if (!found ||
        sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(found->getBody()->getBeginLoc()), begin))
      found = f;
    return true;
  }

  const clang::FunctionDecl* found = nullptr;

 private:
  const clang::SourceManager& sm_;
  clang::SourceLocation site_;
};

// A type named `name` declared inside `f`.
class LocalType : public clang::RecursiveASTVisitor<LocalType> {
 public:
  explicit LocalType(std::string name) : name_(std::move(name)) {}

  bool VisitTypeDecl(clang::TypeDecl* d) {
    if (llvm::isa<clang::TemplateTypeParmDecl>(d) || d->getName() != name_) return true;
    found = d;
    return false;
  }

  const clang::TypeDecl* found = nullptr;

 private:
  std::string name_;
};

// A class or enum declared inside a function (a lambda's closure type among them), which no code
// outside it can name, or one with no name.
bool declared_in_function(const clang::Decl* d) {
  const auto* tag = llvm::dyn_cast<clang::TagDecl>(d);
  return tag != nullptr && (tag->getDeclContext()->isFunctionOrMethod() ||
                            (tag->getIdentifier() == nullptr && !tag->getTypedefNameForAnonDecl()));
}

// What the slice can carry: a type, a class or alias template, a variable, or a function or
// function template (a `__device__` function passed as a template argument), at namespace scope.
bool carried_kind(const clang::NamedDecl* d) {
  if (!d->getDeclContext()->isFileContext()) return false;
  if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) return v->hasGlobalStorage();
  return llvm::isa<clang::TypeDecl, clang::ClassTemplateDecl, clang::TypeAliasTemplateDecl,
                   clang::FunctionDecl, clang::FunctionTemplateDecl>(d);
}

// A function's name may stand for several overloads; the argument picks one, so every one comes.
bool overloadable(const clang::NamedDecl* d) {
  return llvm::isa<clang::FunctionDecl, clang::FunctionTemplateDecl>(d);
}

// `name` looked up in the namespace `prefix` names ("" is the global one): what it finds, after
// the namespace aliases it goes through (the slice needs those too), or nothing. Inline
// namespaces' members are visible in their parent's lookup.
std::vector<const clang::NamedDecl*> lookup_in(clang::ASTContext& context,
                                               const std::string& prefix,
                                               const std::vector<std::string>& parts) {
  std::vector<std::string> path;
  for (llvm::StringRef rest = prefix; !rest.empty();) {
    auto [head, tail] = rest.split("::");
    if (!head.empty()) path.push_back(head.str());
    rest = tail;
  }
  path.insert(path.end(), parts.begin(), parts.end());
  std::vector<const clang::NamedDecl*> found;
  auto functions_found = [&] {
    return !found.empty() && overloadable(found.back()) ? found
                                                        : std::vector<const clang::NamedDecl*>{};
  };
  const clang::DeclContext* dc = context.getTranslationUnitDecl();
  for (std::size_t i = 0; i < path.size(); ++i) {
    const clang::NamespaceDecl* next = nullptr;
    for (const clang::NamedDecl* d : dc->lookup(&context.Idents.get(path[i]))) {
      if (const auto* alias = llvm::dyn_cast<clang::NamespaceAliasDecl>(d)) {
        found.push_back(alias);
        d = alias->getNamespace();
      }
      // A member of a class or enum (`Mode::kScaled`, `Box::type`) comes with its class.
      if (const auto* e = llvm::dyn_cast<clang::EnumConstantDecl>(d))
        d = llvm::cast<clang::EnumDecl>(e->getDeclContext());
      bool const last = i + 1 == path.size();
      if (carried_kind(d) && (last || llvm::isa<clang::TagDecl>(d))) {
        found.push_back(d);
        if (!overloadable(d)) return found;
        continue;
      }
      if (!last && llvm::isa<clang::NamespaceDecl>(d)) {
        next = llvm::cast<clang::NamespaceDecl>(d);
        break;
      }
    }
    if (next == nullptr) break;
    dc = next;
  }
  return functions_found();
}

std::vector<const clang::NamedDecl*> lookup_from_site(clang::ASTContext& context,
                                                      const WrittenName& name,
                                                      clang::SourceLocation site) {
  if (name.global) return lookup_in(context, "", name.parts);
  std::vector<std::string> prefixes = enclosing_namespaces(context, site);
  for (auto it = prefixes.rbegin(); it != prefixes.rend(); ++it) {
    std::vector<const clang::NamedDecl*> found = lookup_in(context, *it, name.parts);
    if (!found.empty()) return found;
  }
  return {};
}

}  // namespace

std::optional<std::vector<Use>> template_argument_uses(
    const KernelCall& call, const std::vector<const clang::NamedDecl*>& enclosing_parameters,
    clang::ASTContext& context, SiteReporter& report) {
  const clang::SourceLocation site = report.site().macro_begin;
  EnclosingFunction enclosing(context.getSourceManager(), site);
  enclosing.TraverseDecl(context.getTranslationUnitDecl());
  std::vector<Use> uses;
  bool ok = true;
  for (const Expr& arg : call.template_args) {
    for (const WrittenName& name : written_names(arg.text)) {
      Span const span{arg.span.begin + name.offset, arg.span.begin + name.offset + name.length};
      const std::string& first = name.parts.front();
      // An enclosing template's parameter: each instantiation spells it (argument_spelling.h).
      if (!name.global && name.parts.size() == 1 &&
          std::any_of(enclosing_parameters.begin(), enclosing_parameters.end(),
                      [&](const clang::NamedDecl* p) { return p->getName() == first; }))
        continue;
      if (enclosing.found && !name.global && name.parts.size() == 1) {
        LocalType local(first);
        local.TraverseStmt(enclosing.found->getBody());
        // A local alias of a type declared elsewhere: NVRTC is given that type (argument
        // spelling), and the slice carries what it names.
        if (const auto* alias = llvm::dyn_cast_or_null<clang::TypedefNameDecl>(local.found)) {
          std::vector<const clang::Decl*> named;
          named_declarations(alias->getUnderlyingType().getCanonicalType(), named);
          if (std::none_of(named.begin(), named.end(), declared_in_function)) {
            for (const clang::Decl* d : named)
              uses.push_back({d, site_location(report.site(), span.begin), nullptr});
            continue;
          }
        }
        if (local.found) {
          report.error(span, "'" + first + "' is declared inside '" +
                                 enclosing.found->getNameAsString() +
                                 "', where NVRTC (compiling the tuned kernel apart from this "
                                 "file) cannot name it; declare it at namespace scope");
          report.note(local.found->getLocation(), "declared here");
          ok = false;
          continue;
        }
      }
      for (const clang::NamedDecl* d : lookup_from_site(context, name, site))
        uses.push_back({d, site_location(report.site(), span.begin), nullptr});
    }
  }
  if (!ok) return std::nullopt;
  return uses;
}

}  // namespace tiletune::tool
