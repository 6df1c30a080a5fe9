#include "emit/argument_spelling.h"

#include "slice/lambda_closures.h"

#include <clang/AST/APValue.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/Basic/CharInfo.h>
#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/raw_ostream.h>

#include <map>

namespace tiletune::tool {
namespace {

clang::PrintingPolicy policy_for(const clang::ASTContext& context) {
  clang::PrintingPolicy policy(context.getLangOpts());
  policy.SuppressUnwrittenScope = true;  // anonymous and inline namespaces
  policy.FullyQualifiedName = true;
  policy.AnonymousTagLocations = false;
  return policy;
}

std::string prefix(Spelling spelling) { return spelling == Spelling::Host ? "::" : ""; }

std::string qualified_name(const clang::NamedDecl* d, Spelling spelling) {
  std::string out;
  llvm::raw_string_ostream os(out);
  d->printQualifiedName(os, policy_for(d->getASTContext()));
  return prefix(spelling) + out;
}

// A class or enum that code outside its function cannot name, found in `type`.
const clang::TagDecl* unnameable_tag(clang::QualType type) {
  std::vector<const clang::Decl*> named;
  named_declarations(type, named);
  for (const clang::Decl* d : named) {
    const auto* tag = llvm::dyn_cast<clang::TagDecl>(d);
    if (tag == nullptr) continue;
    if (tag->getDeclContext()->isFunctionOrMethod()) return tag;
    if (const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(tag))
      if (record->isLambda()) return tag;
    if (tag->getIdentifier() == nullptr && tag->getTypedefNameForAnonDecl() == nullptr) return tag;
  }
  return nullptr;
}

// An integer of `type` as a literal of that type.
std::string integer_literal(const llvm::APSInt& value, clang::QualType type,
                            clang::ASTContext& context, Spelling spelling) {
  type = type.getCanonicalType();
  if (type->isBooleanType()) return value.getBoolValue() ? "true" : "false";
  std::string digits = llvm::toString(value, 10);
  // The most negative value has no literal of its own.
  if (value.isSigned() && value.isMinSignedValue()) {
    llvm::APSInt next(value + 1, false);
    digits = "(" + llvm::toString(next, 10) + " - 1)";
  }
  const auto* builtin = type->getAs<clang::BuiltinType>();
  if (builtin != nullptr) {
    switch (builtin->getKind()) {
      case clang::BuiltinType::Int:
        return digits;
      case clang::BuiltinType::UInt:
        return digits + "u";
      case clang::BuiltinType::Long:
        return digits + "l";
      case clang::BuiltinType::ULong:
        return digits + "ul";
      case clang::BuiltinType::LongLong:
        return digits + "ll";
      case clang::BuiltinType::ULongLong:
        return digits + "ull";
      default:
        break;
    }
  }
  return "static_cast<" + spell_type(type, context, spelling).value_or("int") + ">(" + digits + ")";
}

std::string enum_value(const llvm::APSInt& value, const clang::EnumDecl* e,
                       clang::ASTContext& context, Spelling spelling) {
  std::string type = qualified_name(e, spelling);
  for (const clang::EnumConstantDecl* c : e->enumerators())
    if (llvm::APSInt::isSameValue(c->getInitVal(), value))
      return type + "::" + c->getNameAsString();
  return "static_cast<" + type + ">(" + llvm::toString(value, 10) + ")";
}

std::optional<std::string> spell_declaration(const clang::TemplateArgument& arg,
                                             Spelling spelling) {
  const clang::ValueDecl* d = arg.getAsDecl();
  std::string name = qualified_name(d, spelling);
  return arg.getParamTypeForDecl()->isReferenceType() ? name : "&" + name;
}

}  // namespace

bool Unspellable::lambda() const {
  const auto* record = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(declaration);
  return record != nullptr && record->isLambda();
}

std::string Unspellable::what() const {
  if (lambda()) return "a lambda's closure type";
  if (declaration != nullptr)
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(declaration->getDeclContext()))
      return "a type declared inside '" + f->getNameAsString() + "'";
  return "an unnamed type";
}

std::vector<clang::TemplateArgument> flattened(llvm::ArrayRef<clang::TemplateArgument> args) {
  std::vector<clang::TemplateArgument> out;
  for (const clang::TemplateArgument& arg : args) {
    if (arg.getKind() != clang::TemplateArgument::Pack) {
      out.push_back(arg);
      continue;
    }
    std::vector<clang::TemplateArgument> inner = flattened(arg.pack_elements());
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

std::optional<std::string> spell_type(clang::QualType type, clang::ASTContext& context,
                                      Spelling spelling, Unspellable* why,
                                      const ClosureSpellings* closures) {
  clang::QualType canonical = type.getCanonicalType();
  // A lambda's closure type, or a reference to one (a forwarding reference's argument).
  clang::QualType const referee = canonical.getNonReferenceType();
  if (const clang::CXXRecordDecl* closure = lambda_closure(referee->getAsCXXRecordDecl())) {
    std::string const qualifiers = referee.getLocalQualifiers().getAsString();
    std::string const prefix = qualifiers.empty() ? "" : qualifiers + " ";
    std::string const suffix = canonical->isLValueReferenceType()   ? " &"
                               : canonical->isRValueReferenceType() ? " &&"
                                                                    : "";
    if (spelling == Spelling::Nvrtc && closure_unsupported(closure).empty())
      return prefix + closure_name(closure) + suffix;
    if (spelling == Spelling::Host && closures)
      if (auto found = closures->find(closure); found != closures->end())
        return prefix + found->second + suffix;
  }
  if (const clang::TagDecl* tag = unnameable_tag(canonical)) {
    if (why) *why = {canonical.getAsString(policy_for(context)), tag};
    return std::nullopt;
  }
  // getFullyQualifiedName writes the qualifiers it adds, with the leading `::`, when the policy
  // does not print every name qualified by itself.
  clang::PrintingPolicy policy = policy_for(context);
  policy.FullyQualifiedName = false;
  return clang::TypeName::getFullyQualifiedName(canonical, context, policy,
                                                spelling == Spelling::Host);
}

std::optional<std::string> spell_argument(const clang::TemplateArgument& arg,
                                          clang::ASTContext& context, Spelling spelling,
                                          Unspellable* why, const ClosureSpellings* closures) {
  switch (arg.getKind()) {
    case clang::TemplateArgument::Type:
      return spell_type(arg.getAsType(), context, spelling, why, closures);
    case clang::TemplateArgument::Integral:
      if (const auto* e = arg.getIntegralType()->getAs<clang::EnumType>())
        return enum_value(arg.getAsIntegral(), e->getDecl(), context, spelling);
      return integer_literal(arg.getAsIntegral(), arg.getIntegralType(), context, spelling);
    case clang::TemplateArgument::Declaration:
      return spell_declaration(arg, spelling);
    case clang::TemplateArgument::NullPtr:
      return std::string("nullptr");
    case clang::TemplateArgument::Template:
      if (const clang::TemplateDecl* t = arg.getAsTemplate().getAsTemplateDecl())
        return qualified_name(t, spelling);
      break;
    case clang::TemplateArgument::Pack: {
      std::string out;
      for (const clang::TemplateArgument& element : flattened(arg.pack_elements())) {
        std::optional<std::string> one = spell_argument(element, context, spelling, why, closures);
        if (!one) return std::nullopt;
        out += (out.empty() ? "" : ", ") + *one;
      }
      return out;
    }
    default:
      break;
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  arg.print(policy_for(context), os, /*IncludeType=*/true);
  return out;
}

void named_declarations(clang::QualType type, std::vector<const clang::Decl*>& named) {
  type = type.getCanonicalType();
  if (const auto* p = type->getAs<clang::PointerType>())
    return named_declarations(p->getPointeeType(), named);
  if (const auto* r = type->getAs<clang::ReferenceType>())
    return named_declarations(r->getPointeeType(), named);
  if (const auto* m = type->getAs<clang::MemberPointerType>()) {
    if (const clang::CXXRecordDecl* c = m->getMostRecentCXXRecordDecl()) named.push_back(c);
    return named_declarations(m->getPointeeType(), named);
  }
  if (const clang::ArrayType* a = type->getAsArrayTypeUnsafe())
    return named_declarations(a->getElementType(), named);
  if (const auto* f = type->getAs<clang::FunctionProtoType>()) {
    named_declarations(f->getReturnType(), named);
    for (clang::QualType p : f->getParamTypes()) named_declarations(p, named);
    return;
  }
  const clang::TagDecl* tag = type->getAsTagDecl();
  if (tag == nullptr) return;
  named.push_back(tag);
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(tag))
    for (const clang::TemplateArgument& arg : spec->getTemplateArgs().asArray())
      named_declarations(arg, named);
}

void named_declarations(const clang::TemplateArgument& arg,
                        std::vector<const clang::Decl*>& named) {
  switch (arg.getKind()) {
    case clang::TemplateArgument::Type:
      return named_declarations(arg.getAsType(), named);
    case clang::TemplateArgument::Integral:
      if (const auto* e = arg.getIntegralType()->getAs<clang::EnumType>())
        named.push_back(e->getDecl());
      return;
    case clang::TemplateArgument::Declaration:
      named.push_back(arg.getAsDecl());
      return;
    case clang::TemplateArgument::Template:
      if (const clang::TemplateDecl* t = arg.getAsTemplate().getAsTemplateDecl())
        named.push_back(t);
      return;
    case clang::TemplateArgument::Pack:
      for (const clang::TemplateArgument& element : arg.pack_elements())
        named_declarations(element, named);
      return;
    default:
      return;
  }
}

namespace {

// `text` with each identifier found in `spelled` replaced; members (after `.`, `->`, `::`) and
// `$name`s are left as they are.
std::string with_identifiers_replaced(
    const std::string& text, const std::map<std::string, std::string, std::less<>>& spelled) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!clang::isAsciiIdentifierStart(text[i])) {
      out += text[i++];
      continue;
    }
    std::size_t const start = i;
    while (i < text.size() && clang::isAsciiIdentifierContinue(text[i])) ++i;
    llvm::StringRef const before = llvm::StringRef(text).substr(0, start).rtrim();
    bool const member = before.ends_with(".") || before.ends_with("->") || before.ends_with("::") ||
                        before.ends_with("$");
    auto const found = spelled.find(llvm::StringRef(text).substr(start, i - start));
    out += member || found == spelled.end() ? text.substr(start, i - start) : found->second;
  }
  return out;
}

// A local constant's value as C++ text of its type: `(4096)`, `true`,
// `static_cast<unsigned>(8ull)`; nullopt for a value that is no integer (or an integral type NVRTC
// cannot name).
std::optional<std::string> spell_constant(const clang::VarDecl* var, clang::ASTContext& context) {
  const clang::APValue* value = var->evaluateValue();
  if (value == nullptr || !value->isInt()) return std::nullopt;
  const llvm::APSInt& v = value->getInt();
  clang::QualType const type = var->getType().getNonReferenceType().getUnqualifiedType();
  if (type->isBooleanType()) return std::string(v.getBoolValue() ? "true" : "false");
  std::string const decimal = llvm::toString(v, 10);
  if (type->isSpecificBuiltinType(clang::BuiltinType::Int)) return "(" + decimal + ")";
  std::optional<std::string> spelled = spell_type(type, context, Spelling::Nvrtc);
  if (!spelled) return std::nullopt;
  return "static_cast<" + *spelled + ">(" + decimal + (v.isUnsigned() ? "ull" : "ll") + ")";
}

using Spellings = std::map<std::string, std::string, std::less<>>;

void add_local_constants(const SiteInstantiation& instance, clang::ASTContext& context,
                         Spellings& spelled) {
  for (const clang::VarDecl* var : instance.local_constants)
    if (std::optional<std::string> s = spell_constant(var, context))
      spelled[var->getNameAsString()] = *s;
  for (const clang::TypedefNameDecl* alias : instance.local_types)
    if (std::optional<std::string> s =
            spell_type(alias->getUnderlyingType(), context, Spelling::Nvrtc))
      spelled[alias->getNameAsString()] = *s;
}

}  // namespace

std::string with_parameters_spelled(const std::string& text, const SiteLaunches& launches,
                                    const SiteInstantiation& instance, clang::ASTContext& context) {
  std::map<std::string, std::string, std::less<>> spelled;
  for (std::size_t i = 0; i < launches.parameters.size() && i < instance.arguments.size(); ++i)
    if (std::optional<std::string> s =
            spell_argument(instance.arguments[i], context, Spelling::Nvrtc)) {
      bool const type = instance.arguments[i].getKind() == clang::TemplateArgument::Type;
      spelled[launches.parameters[i]->getNameAsString()] = type ? *s : "(" + *s + ")";
    }
  add_local_constants(instance, context, spelled);
  return with_identifiers_replaced(text, spelled);
}

std::string with_local_constants_spelled(const std::string& text, const SiteInstantiation& instance,
                                         clang::ASTContext& context) {
  Spellings spelled;
  add_local_constants(instance, context, spelled);
  return spelled.empty() ? text : with_identifiers_replaced(text, spelled);
}

}  // namespace tiletune::tool
