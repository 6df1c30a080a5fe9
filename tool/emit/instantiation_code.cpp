#include "emit/instantiation_code.h"

#include "slice/lambda_closures.h"

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/raw_ostream.h>

namespace tiletune::tool {
namespace {

std::string class_name(const std::string& variable) { return variable + "_for"; }

// A template whose parameters are all unnamed (nothing in its body can differ per instantiation)
// still needs one: the class template takes this, always `void`.
constexpr const char* kNoParameters = "class tt_none = void";

std::string parameter_declaration(const clang::NamedDecl* p, clang::ASTContext& context) {
  std::string pack = p->isParameterPack() ? "... " : " ";
  if (llvm::isa<clang::TemplateTypeParmDecl>(p)) return "class" + pack + p->getNameAsString();
  if (const auto* value = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(p)) {
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressUnwrittenScope = true;
    policy.FullyQualifiedName = true;
    std::string type =
        value->getType()->isDependentType()
            ? value->getType().getAsString(policy)
            : clang::TypeName::getFullyQualifiedName(value->getType(), context, policy, true);
    return type + pack + p->getNameAsString();
  }
  // A constant or type alias that keys a macro's copies of the annotation (site_instantiations.h,
  // key_copies).
  if (llvm::isa<clang::TypedefNameDecl>(p)) return "class " + p->getNameAsString();
  if (const auto* var = llvm::dyn_cast<clang::VarDecl>(p)) {
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressUnwrittenScope = true;
    policy.FullyQualifiedName = true;
    return clang::TypeName::getFullyQualifiedName(var->getType().getUnqualifiedType(), context,
                                                  policy, true) +
           " " + var->getNameAsString();
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  p->print(os);
  return out;
}

std::vector<const clang::NamespaceDecl*> namespaces_of(const clang::Decl* d) {
  std::vector<const clang::NamespaceDecl*> chain;
  for (const clang::DeclContext* dc = d->getLexicalDeclContext(); dc; dc = dc->getLexicalParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) chain.insert(chain.begin(), ns);
  return chain;
}

}  // namespace

std::string instantiation_class(const SiteLaunches& launches, const std::string& variable) {
  std::string out = class_name(variable) + "<";
  for (std::size_t i = 0; i < launches.parameters.size(); ++i) {
    const clang::NamedDecl* p = launches.parameters[i];
    out += (i ? ", " : "") + p->getNameAsString() + (p->isParameterPack() ? "..." : "");
  }
  return out + ">";
}

std::string instantiation_class_declaration(const SiteLaunches& launches,
                                            const std::string& variable,
                                            clang::ASTContext& context) {
  std::string head;
  for (const clang::NamedDecl* p : launches.parameters)
    head += (head.empty() ? "" : ", ") + parameter_declaration(p, context);
  if (head.empty()) head = kNoParameters;
  return "namespace {\ntemplate <" + head + ">\nstruct " + class_name(variable) +
         ";\n}  // namespace\n";
}

std::optional<std::string> instantiation_class_of(const SiteLaunches& launches,
                                                  const SiteInstantiation& instance,
                                                  const std::string& variable,
                                                  clang::ASTContext& context, Unspellable* why,
                                                  const ClosureSpellings* closures) {
  std::string args;
  for (const clang::TemplateArgument& arg : instance.arguments) {
    std::optional<std::string> spelled =
        spell_argument(arg, context, Spelling::Host, why, closures);
    if (!spelled) return std::nullopt;
    if (!spelled->empty()) args += (args.empty() ? "" : ", ") + *spelled;
  }
  if (launches.parameters.empty()) args = "void";
  return class_name(variable) + "<" + args + ">";
}

bool kernel_arguments_spellable(const clang::FunctionDecl* kernel, Unspellable* why) {
  const clang::TemplateArgumentList* args = kernel->getTemplateSpecializationArgs();
  if (args == nullptr) return true;
  for (const clang::TemplateArgument& arg : flattened(args->asArray()))
    if (!spell_argument(arg, kernel->getASTContext(), Spelling::Nvrtc, why)) return false;
  return true;
}

ClosureParameters closure_parameters(const SiteInstantiation& instance,
                                     const clang::SourceManager& sm) {
  ClosureParameters out;
  for (const clang::TemplateArgument& arg : flattened(instance.arguments)) {
    if (arg.getKind() != clang::TemplateArgument::Type) continue;
    clang::QualType type = arg.getAsType().getCanonicalType().getNonReferenceType();
    const clang::CXXRecordDecl* closure = lambda_closure(type->getAsCXXRecordDecl());
    if (closure == nullptr || out.spellings.count(closure) || !closure_unsupported(closure).empty())
      continue;
    ClosureText const at = closure_text(closure);
    if (!sm.isInMainFile(at.begin)) continue;
    std::string const parameter = "tt_closure_" + std::to_string(out.spellings.size());
    out.spellings[closure] = "::tiletune::Closure<" + std::to_string(at.line) + ", " +
                             std::to_string(at.column) + ", " + parameter +
                             closure_context_spelling(closure) + ">";
    out.parameters += (out.parameters.empty() ? "class " : ", class ") + parameter;
    clang::ASTContext& context = closure->getASTContext();
    long long const bytes =
        context.getTypeSizeInChars(context.getCanonicalTagType(closure)).getQuantity();
    out.size_checks.push_back("static_assert(sizeof(" + parameter +
                              ") == " + std::to_string(bytes) +
                              ", \"tiletune: the lambda at line " + std::to_string(at.line) +
                              " is laid out as its tuned kernel reads it\");");
  }
  return out;
}

std::optional<std::string> kernel_pointer_spelling(const clang::FunctionDecl* kernel,
                                                   Unspellable* why,
                                                   const ClosureSpellings* closures) {
  std::string out = "void (*)(";
  for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
    std::optional<std::string> type = spell_type(
        kernel->getParamDecl(i)->getType(), kernel->getASTContext(), Spelling::Host, why, closures);
    if (!type) return std::nullopt;
    out += (i ? ", " : "") + *type;
  }
  return out + ")";
}

std::string open_namespaces_of(const clang::Decl* d) {
  std::string out;
  for (const clang::NamespaceDecl* ns : namespaces_of(d)) {
    out += ns->isInline() ? "inline namespace " : "namespace ";
    out += ns->isAnonymousNamespace() ? std::string() : ns->getNameAsString() + " ";
    out += "{\n";
  }
  return out;
}

std::string close_namespaces_of(const clang::Decl* d) {
  std::string out;
  for (std::size_t n = namespaces_of(d).size(); n > 0; --n) out += "}\n";
  return out;
}

}  // namespace tiletune::tool
