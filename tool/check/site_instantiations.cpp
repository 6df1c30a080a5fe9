#include "check/site_instantiations.h"

#include "check/extent_index.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <optional>
#include <set>

namespace tiletune::tool {
namespace {

// One level of enclosing templates: its parameters (in a pattern) or arguments (in an
// instantiation), in the order they are written.
struct Level {
  const clang::TemplateParameterList* parameters = nullptr;
  llvm::ArrayRef<clang::TemplateArgument> arguments;
};

// The templates around `f` as written, outermost first; `generic_lambda` is set when one of them
// is a generic lambda. An out-of-line member definition names its class's parameters in its own
// template headers.
std::vector<Level> pattern_levels(const clang::FunctionDecl* f, bool& generic_lambda) {
  std::vector<Level> levels;
  const clang::DeclContext* dc = f;
  for (; dc != nullptr && !dc->isFileContext(); dc = dc->getParent()) {
    if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(dc)) {
      const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(fd);
      bool const lambda = method && method->getParent()->isLambda();
      if (const clang::FunctionTemplateDecl* t = fd->getDescribedFunctionTemplate()) {
        if (lambda) generic_lambda = true;
        levels.push_back({t->getTemplateParameters(), {}});
      }
      if (fd->getNumTemplateParameterLists() > 0) {
        for (unsigned i = fd->getNumTemplateParameterLists(); i-- > 0;)
          if (fd->getTemplateParameterList(i)->size() > 0)
            levels.push_back({fd->getTemplateParameterList(i), {}});
        break;  // the headers stand for every class around it
      }
      continue;
    }
    if (const auto* partial = llvm::dyn_cast<clang::ClassTemplatePartialSpecializationDecl>(dc)) {
      levels.push_back({partial->getTemplateParameters(), {}});
      continue;
    }
    if (const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(dc))
      if (const clang::ClassTemplateDecl* t = record->getDescribedClassTemplate())
        levels.push_back({t->getTemplateParameters(), {}});
  }
  return {levels.rbegin(), levels.rend()};
}

// The arguments of the templates around `f`, an instantiation, outermost first.
std::vector<Level> instantiation_levels(const clang::FunctionDecl* f) {
  std::vector<Level> levels;
  for (const clang::DeclContext* dc = f; dc != nullptr && !dc->isFileContext();
       dc = dc->getParent()) {
    if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(dc)) {
      if (const clang::TemplateArgumentList* args = fd->getTemplateSpecializationArgs())
        levels.push_back({nullptr, args->asArray()});
      continue;
    }
    if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(dc))
      levels.push_back({nullptr, spec->getTemplateInstantiationArgs().asArray()});
  }
  return {levels.rbegin(), levels.rend()};
}

}  // namespace

std::optional<std::vector<EnclosingArgument>> enclosing_template_arguments(
    const clang::FunctionDecl* instantiated) {
  std::vector<Level> levels = instantiation_levels(instantiated);
  if (levels.empty()) return std::vector<EnclosingArgument>{};
  // The pattern's text: the function's own pattern, or for a lambda's call operator, the
  // operator of the lambda as the template's text writes it.
  const clang::FunctionDecl* pattern = instantiated->getTemplateInstantiationPattern();
  if (pattern == nullptr) pattern = instantiated;
  bool generic_lambda = false;
  std::vector<Level> written = pattern_levels(pattern, generic_lambda);
  if (generic_lambda || written.size() != levels.size()) return std::nullopt;
  std::vector<EnclosingArgument> out;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (levels[i].arguments.size() != written[i].parameters->size()) return std::nullopt;
    for (std::size_t j = 0; j < levels[i].arguments.size(); ++j) {
      const clang::NamedDecl* p = written[i].parameters->getParam(j);
      if (p->isParameterPack()) return std::nullopt;
      if (!p->getName().empty()) out.push_back({p, levels[i].arguments[j]});
    }
  }
  return out;
}

namespace {

// The declaration at namespace scope whose text holds `d`, as the template that declares it.
const clang::Decl* namespace_scope_declaration(const clang::Decl* d) {
  while (!d->getLexicalDeclContext()->isFileContext() &&
         !llvm::isa<clang::LinkageSpecDecl>(d->getLexicalDeclContext()))
    d = llvm::cast<clang::Decl>(d->getLexicalDeclContext());
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d))
    if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) return t;
  if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d))
    if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) return t;
  return d;
}

// Adds the local constants `s` names to `out`: variables of the launching function (not its
// parameters) usable in constant expressions, as a template argument needs them to be.
void collect_local_constants(const clang::Stmt* s, const clang::ASTContext& context,
                             std::vector<const clang::VarDecl*>& out) {
  if (s == nullptr) return;
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(s))
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (var->isLocalVarDecl() && var->isUsableInConstantExpressions(context) &&
          std::find(out.begin(), out.end(), var) == out.end())
        out.push_back(var);
  for (const clang::Stmt* child : s->children()) collect_local_constants(child, context, out);
}

// The local constants the call's written template arguments name.
std::vector<const clang::VarDecl*> local_constants(const clang::CUDAKernelCallExpr* call,
                                                   const clang::ASTContext& context) {
  std::vector<const clang::VarDecl*> out;
  const auto* callee = llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts());
  if (callee == nullptr) return out;
  for (const clang::TemplateArgumentLoc& arg : callee->template_arguments())
    if (arg.getArgument().getKind() == clang::TemplateArgument::Expression)
      collect_local_constants(arg.getSourceExpression(), context, out);
  return out;
}

// The probe's where_name<Index>(name) call: its index, or nothing for any other call.
std::optional<unsigned> where_name_index(const clang::CallExpr* call) {
  const clang::Expr* callee = call->getCallee()->IgnoreParenImpCasts();
  llvm::ArrayRef<clang::TemplateArgumentLoc> arguments;
  const clang::NamedDecl* named = nullptr;
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(callee)) {
    named = ref->getDecl();
    arguments = ref->template_arguments();
  } else if (const auto* lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(callee)) {
    if (lookup->getNumDecls() == 0) return std::nullopt;
    named = *lookup->decls_begin();
    arguments = lookup->template_arguments();
  }
  if (named == nullptr || named->getName() != "where_name" || arguments.empty() ||
      named->getQualifiedNameAsString() != "tiletune::detail::where_name")
    return std::nullopt;
  const clang::TemplateArgument& index = arguments.front().getArgument();
  if (index.getKind() == clang::TemplateArgument::Integral)
    return static_cast<unsigned>(index.getAsIntegral().getZExtValue());
  if (index.getKind() == clang::TemplateArgument::Expression)
    if (const auto* literal =
            llvm::dyn_cast<clang::IntegerLiteral>(index.getAsExpr()->IgnoreParenImpCasts()))
      return static_cast<unsigned>(literal->getValue().getZExtValue());
  return std::nullopt;
}

// The value Clang's constant evaluator gives `name`, as C++ evaluates a constant expression at the
// annotation, or why there is none.
WhereName evaluate_where_name(const clang::Expr* name, const clang::ASTContext& context) {
  WhereName out;
  if (name->isValueDependent() || name->isTypeDependent()) {
    out.problem = "depends on the enclosing template's parameters";
    out.dependent = true;
    return out;
  }
  const clang::QualType type = name->getType();
  if (!type->isIntegralOrEnumerationType()) {
    out.problem = "has type '" + type.getAsString(context.getPrintingPolicy()) +
                  "', not an integer or enumeration type";
    return out;
  }
  clang::Expr::EvalResult result;
  llvm::SmallVector<clang::PartialDiagnosticAt, 4> notes;
  result.Diag = &notes;
  if (!name->EvaluateAsConstantExpr(result, context) || !result.Val.isInt() || !notes.empty()) {
    out.problem = "is not a constant expression";
    for (const clang::PartialDiagnosticAt& note : notes) {
      llvm::SmallString<128> text;
      note.second.EmitToString(context.getDiagnostics(), text);
      out.notes.emplace_back(note.first, std::string(text));
    }
    return out;
  }
  const llvm::APSInt& value = result.Val.getInt();
  if (!value.isRepresentableByInt64()) {
    out.problem = "is " + llvm::toString(value, 10) +
                  ", beyond the 64-bit signed values 'where' is evaluated in";
    return out;
  }
  out.value = value.getExtValue();
  return out;
}

// The type aliases local to a function that template arguments name.
class LocalTypes : public clang::RecursiveASTVisitor<LocalTypes> {
 public:
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) {
    const clang::TypedefNameDecl* d = tl.getDecl();
    if (d->getDeclContext()->isFunctionOrMethod() &&
        std::find(found.begin(), found.end(), d) == found.end())
      found.push_back(d);
    return true;
  }

  std::vector<const clang::TypedefNameDecl*> found;
};

// The local type aliases the call's written template arguments name.
std::vector<const clang::TypedefNameDecl*> local_types(const clang::CUDAKernelCallExpr* call) {
  LocalTypes types;
  const auto* callee = llvm::dyn_cast<clang::DeclRefExpr>(call->getCallee()->IgnoreParenImpCasts());
  if (callee == nullptr) return {};
  for (const clang::TemplateArgumentLoc& arg : callee->template_arguments())
    types.TraverseTemplateArgumentLoc(arg);
  return types.found;
}

// The class template a class is the pattern of: its primary's, or a partial specialisation's
// (whose instantiations are listed with the primary's); null for a class that is no template.
const clang::ClassTemplateDecl* enclosing_class_template(const clang::CXXRecordDecl* c) {
  if (c == nullptr) return nullptr;
  if (const clang::ClassTemplateDecl* t = c->getDescribedClassTemplate()) return t;
  if (const auto* partial = llvm::dyn_cast<clang::ClassTemplatePartialSpecializationDecl>(c))
    return partial->getSpecializedTemplate();
  return nullptr;
}

// Every kernel call in an annotation (the probes) with the function it is in, and the innermost
// function written around each annotation.
class ProbeFinder : public clang::RecursiveASTVisitor<ProbeFinder> {
 public:
  ProbeFinder(const clang::ASTContext& context, const std::vector<SiteText>& sites,
              std::vector<SiteLaunches>& launches)
      : context_(context),
        sm_(context.getSourceManager()),
        sites_(sm_, extents_of(sites)),
        launches_(launches) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(clang::Decl* d) {
    auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (f == nullptr) return RecursiveASTVisitor::TraverseDecl(d);
    note_enclosing(f);
    functions_.push_back(f);
    bool const result = RecursiveASTVisitor::TraverseDecl(d);
    functions_.pop_back();
    return result;
  }

  // Clang's visitor walks a template's instantiations from its first declaration only. Where that
  // is a declaration in a header (a launcher declared in kernels.h, defined here), the walk of
  // this file would never reach them: walk them from the definition instead (seen_ keeps a
  // second walk from counting twice).
  bool VisitFunctionTemplateDecl(clang::FunctionTemplateDecl* t) {
    if (t == t->getCanonicalDecl() || !t->isThisDeclarationADefinition()) return true;
    for (clang::FunctionDecl* instance : t->specializations()) TraverseDecl(instance);
    return true;
  }
  bool VisitClassTemplateDecl(clang::ClassTemplateDecl* t) {
    if (t == t->getCanonicalDecl() || !t->isThisDeclarationADefinition()) return true;
    for (clang::ClassTemplateSpecializationDecl* instance : t->specializations())
      TraverseDecl(instance);
    return true;
  }

  // A member of a class template defined here, out of its class, where the class is defined in a
  // header (`template <class T> void CUDAStencil<T>::operator()(...)` beside its kernel, the
  // class in CUDAStencil.h): the class's instantiations, and the members Clang instantiated in
  // them, are walked from the header's declaration, which this file's walk never reaches; walk
  // each instantiation of this member from here.
  bool VisitCXXMethodDecl(clang::CXXMethodDecl* m) {
    if (!m->isOutOfLine() || !m->isThisDeclarationADefinition() ||
        m->getDescribedFunctionTemplate() != nullptr)
      return true;
    const clang::ClassTemplateDecl* owner = enclosing_class_template(m->getParent());
    if (owner == nullptr) return true;
    const clang::Decl* pattern = m->getCanonicalDecl();
    for (clang::ClassTemplateSpecializationDecl* instance : owner->specializations())
      for (clang::Decl* member : instance->decls()) {
        auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(member);
        const clang::FunctionDecl* from =
            method ? method->getInstantiatedFromMemberFunction() : nullptr;
        if (from != nullptr && from->getCanonicalDecl() == pattern) TraverseDecl(method);
      }
    return true;
  }

  bool TraverseLambdaExpr(clang::LambdaExpr* e) {
    note_enclosing(e->getCallOperator());
    functions_.push_back(e->getCallOperator());
    bool const result = RecursiveASTVisitor::TraverseLambdaExpr(e);
    functions_.pop_back();
    return result;
  }

  // A name of `where`, where the annotation is written: in a plain function, or a template's
  // pattern (its value is the site's, the same in every instantiation).
  bool VisitCallExpr(clang::CallExpr* call) {
    if (functions_.empty() || instantiated_function(functions_.back()) != nullptr) return true;
    const std::optional<unsigned> index = where_name_index(call);
    if (!index || call->getNumArgs() != 1) return true;
    const int site = site_at(call->getBeginLoc());
    if (site < 0) return true;
    launches_[site].where_names[*index] = evaluate_where_name(call->getArg(0), context_);
    return true;
  }

  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* call) {
    if (functions_.empty()) return true;
    int const site = site_at(call->getBeginLoc());
    const clang::FunctionDecl* f = functions_.back();
    if (site < 0 || f->isDependentContext()) return true;
    // An instantiation is traversed once per place that names it; count it once.
    if (!seen_.insert({site, f}).second) return true;
    launches_[site].instantiations.push_back(
        {f,
         llvm::dyn_cast_or_null<clang::FunctionDecl>(call->getCalleeDecl()),
         {},
         local_constants(call, context_),
         local_types(call)});
    return true;
  }

 private:
  // Each site's annotation, from TILETUNE to its ')' (in_annotation), by its index.
  static std::vector<ExtentIndex<std::size_t>::Extent> extents_of(
      const std::vector<SiteText>& sites) {
    std::vector<ExtentIndex<std::size_t>::Extent> out;
    for (std::size_t i = 0; i < sites.size(); ++i)
      out.push_back({sites[i].macro_begin, sites[i].rparen, i});
    return out;
  }

  // The site whose annotation holds `at`, as in_annotation() says, or -1.
  int site_at(clang::SourceLocation at) const {
    if (at.isInvalid()) return -1;
    const ExtentIndex<std::size_t>::Extent* site = sites_.holding(sm_.getFileLoc(at));
    return site ? static_cast<int>(site->what) : -1;
  }

  void note_enclosing(const clang::FunctionDecl* f) {
    if (!f->doesThisDeclarationHaveABody() || instantiated_function(f) != nullptr) return;
    clang::SourceLocation begin = sm_.getExpansionLoc(f->getBody()->getBeginLoc());
    clang::SourceLocation end = sm_.getExpansionLoc(f->getBody()->getEndLoc());
    for (const ExtentIndex<std::size_t>::Extent* site : sites_.beginning_within(begin, end)) {
      const clang::FunctionDecl*& current = launches_[site->what].enclosing;
      if (current == nullptr || sm_.isBeforeInTranslationUnit(
                                    sm_.getExpansionLoc(current->getBody()->getBeginLoc()), begin))
        current = f;
    }
  }

  const clang::ASTContext& context_;
  const clang::SourceManager& sm_;
  const ExtentIndex<std::size_t> sites_;
  std::vector<SiteLaunches>& launches_;
  std::vector<const clang::FunctionDecl*> functions_;
  std::set<std::pair<int, const clang::FunctionDecl*>> seen_;
};

// The enclosing templates' named parameters, and each instantiation's arguments for them; an
// instantiation whose levels do not line up with the pattern's keeps no arguments (its kernel is
// then null: nothing can be said for it).
void name_parameters(SiteLaunches& launches) {
  bool generic_lambda = false;
  std::vector<Level> pattern = pattern_levels(launches.enclosing, generic_lambda);
  if (generic_lambda) {
    launches.unnameable =
        "a generic lambda's parameters have no names that generated code could use";
    return;
  }
  for (const Level& level : pattern)
    for (const clang::NamedDecl* p : *level.parameters)
      if (!p->getName().empty()) launches.parameters.push_back(p);
  for (SiteInstantiation& instance : launches.instantiations) {
    std::vector<Level> levels = instantiation_levels(instance.function);
    bool lined_up = levels.size() == pattern.size();
    for (std::size_t i = 0; lined_up && i < levels.size(); ++i)
      lined_up = levels[i].arguments.size() == pattern[i].parameters->size();
    if (!lined_up) {
      instance.kernel = nullptr;
      continue;
    }
    for (std::size_t i = 0; i < levels.size(); ++i)
      for (std::size_t j = 0; j < levels[i].arguments.size(); ++j)
        if (!pattern[i].parameters->getParam(j)->getName().empty())
          instance.arguments.push_back(levels[i].arguments[j]);
  }
}

// What `name` is in `instance`: one of its local constants of an integral type (its value), or
// one of its local type aliases (the type); null where it is neither. `declaration` gets the
// declaration.
std::optional<clang::TemplateArgument> key_named(const SiteInstantiation& instance,
                                                 const std::string& name,
                                                 clang::ASTContext& context,
                                                 const clang::NamedDecl** declaration = nullptr) {
  for (const clang::VarDecl* var : instance.local_constants) {
    if (var->getName() != name || !var->getType()->isIntegralOrEnumerationType()) continue;
    const clang::Expr* init = var->getAnyInitializer();
    clang::Expr::EvalResult result;
    if (!init || !init->EvaluateAsInt(result, context)) continue;
    if (declaration) *declaration = var;
    return clang::TemplateArgument(context, result.Val.getInt(),
                                   var->getType().getUnqualifiedType());
  }
  for (const clang::TypedefNameDecl* alias : instance.local_types) {
    if (alias->getName() != name) continue;
    if (declaration) *declaration = alias;
    return clang::TemplateArgument(alias->getUnderlyingType().getCanonicalType());
  }
  return std::nullopt;
}

// A macro that writes its argument more than once (`BOOL_SWITCH(c, B, [&] {...})`: `constexpr
// static bool B = true;` before one copy, `= false` before the other; a type switch's `using T =
// half;` and `using T = float;`) makes copies of the annotation in one instantiation of the code
// around it, which Clang resolves to different kernels where the kernel's template arguments name
// such a constant or alias (`k<B>`, `k<T>`). Each copy becomes a site of its own, keyed on the
// names whose values differ, as a template's instantiations are keyed on its arguments: the
// generated code names them (`..._for<B>`), and each copy resolves them in its own scope. Copies
// that differ otherwise stay as they are (the checks refuse them: kernel_checks.h).
void key_copies(SiteLaunches& launches, clang::ASTContext& context) {
  std::vector<SiteInstantiation>& all = launches.instantiations;
  std::vector<std::string> keys;  // in order of first use
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      if (!copies_launching_different_kernels(all[i], all[j])) continue;
      std::vector<std::string> names;
      for (const clang::VarDecl* var : all[i].local_constants)
        names.push_back(var->getNameAsString());
      for (const clang::TypedefNameDecl* alias : all[i].local_types)
        names.push_back(alias->getNameAsString());
      for (const std::string& name : names) {
        const std::optional<clang::TemplateArgument> a = key_named(all[i], name, context);
        const std::optional<clang::TemplateArgument> b = key_named(all[j], name, context);
        if (a && b && !a->structurallyEquals(*b) &&
            std::find(keys.begin(), keys.end(), name) == keys.end())
          keys.push_back(name);
      }
    }
  if (keys.empty()) return;
  // Every copy must have each key: otherwise the copies stay unkeyed.
  for (const SiteInstantiation& instance : all)
    for (const std::string& name : keys)
      if (instance.kernel && !key_named(instance, name, context)) return;
  for (const std::string& name : keys) {
    const clang::NamedDecl* first = nullptr;
    for (SiteInstantiation& instance : all) {
      if (!instance.kernel) continue;
      const clang::NamedDecl* declaration = nullptr;
      instance.arguments.push_back(*key_named(instance, name, context, &declaration));
      if (!first) first = declaration;
    }
    launches.parameters.push_back(first);
  }
  launches.in_template = true;
}

}  // namespace

std::vector<SiteLaunches> find_site_launches(clang::ASTContext& context,
                                             const std::vector<SiteText>& sites) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::vector<SiteLaunches> launches(sites.size());
  std::set<clang::FileID> files;
  for (const SiteText& site : sites) files.insert(sm.getFileID(site.macro_begin));
  ProbeFinder finder(context, sites, launches);
  for (clang::Decl* d : context.getTranslationUnitDecl()->decls())
    if (files.contains(sm.getFileID(sm.getExpansionLoc(d->getLocation())))) finder.TraverseDecl(d);
  for (SiteLaunches& site : launches) {
    if (site.enclosing == nullptr) continue;
    site.in_template = site.enclosing->isDependentContext();
    site.namespace_scope = namespace_scope_declaration(site.enclosing);
    if (site.in_template) name_parameters(site);
    if (site.unnameable.empty()) key_copies(site, context);
  }
  return launches;
}

bool copies_launching_different_kernels(const SiteInstantiation& a, const SiteInstantiation& b) {
  if (!a.kernel || !b.kernel || a.kernel->getCanonicalDecl() == b.kernel->getCanonicalDecl() ||
      a.arguments.size() != b.arguments.size())
    return false;
  for (std::size_t k = 0; k < a.arguments.size(); ++k)
    if (!a.arguments[k].structurallyEquals(b.arguments[k])) return false;
  return true;
}

const clang::FunctionDecl* instantiated_function(const clang::FunctionDecl* function) {
  for (const clang::DeclContext* dc = function; dc != nullptr; dc = dc->getParent())
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(dc))
      if (f->isTemplateInstantiation()) return f;
  return nullptr;
}

}  // namespace tiletune::tool
