#include "slice/lambda_closures.h"

#include "check/site_instantiations.h"
#include "emit/argument_spelling.h"
#include "hash/content_hash.h"
#include "slice/declaration_units.h"
#include "source_text/code_writer.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/Path.h>

#include <optional>

namespace tiletune::tool {
namespace {

const clang::SourceManager& sm_of(const clang::Decl* d) {
  return d->getASTContext().getSourceManager();
}

std::string text_of(const clang::Decl* d, clang::CharSourceRange range) {
  return clang::Lexer::getSourceText(range, sm_of(d), d->getASTContext().getLangOpts()).str();
}

// The call operator as written: a generic lambda's is the template's pattern.
const clang::CXXMethodDecl* call_operator(const clang::CXXRecordDecl* closure) {
  return closure->getLambdaCallOperator();
}

// What the body names from its enclosing function that it does not capture: variables (an
// integral constant is not captured when only its value is used) and types.
class OuterNames : public clang::RecursiveASTVisitor<OuterNames> {
 public:
  OuterNames(const clang::CXXRecordDecl* closure, const clang::CXXMethodDecl* op)
      : closure_(closure), op_(op) {}

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    const auto* var = llvm::dyn_cast<clang::VarDecl>(e->getDecl());
    if (var == nullptr || !var->isLocalVarDeclOrParm() || inside(var)) return true;
    for (const clang::LambdaCapture& capture : closure_->captures())
      if (capture.capturesVariable() && capture.getCapturedVar() == var) return true;
    if (std::find(variables.begin(), variables.end(), var) == variables.end())
      variables.push_back(var);
    return true;
  }

  bool VisitTypeLoc(clang::TypeLoc tl) {
    const clang::Type* t = tl.getTypePtr();
    const clang::NamedDecl* d = nullptr;
    if (const auto* td = llvm::dyn_cast<clang::TypedefType>(t)) d = td->getDecl();
    if (const clang::TagDecl* tag = t->getAsTagDecl()) d = tag;
    if (d == nullptr || !d->getDeclContext()->isFunctionOrMethod() || inside(d)) return true;
    if (const auto* alias = llvm::dyn_cast<clang::TypedefNameDecl>(d)) {
      if (std::find(aliases.begin(), aliases.end(), alias) == aliases.end())
        aliases.push_back(alias);
    } else if (!type) {
      type = d;
    }
    return true;
  }

  std::vector<const clang::VarDecl*> variables;
  // The enclosing function's type aliases (`typedef float scalar_t;` in main) the body names.
  std::vector<const clang::TypedefNameDecl*> aliases;
  // A type of the enclosing function that is no alias (a local struct).
  const clang::NamedDecl* type = nullptr;

 private:
  // Declared in the lambda's body (or a lambda inside it).
  bool inside(const clang::Decl* d) const { return op_->Encloses(d->getDeclContext()); }

  const clang::CXXRecordDecl* closure_;
  const clang::CXXMethodDecl* op_;
};

// An uncaptured variable of the enclosing function the struct can stand for: an integral or enum
// constant, whose value a static constexpr member of the same name holds.
std::optional<std::string> constant_member(const clang::VarDecl* var) {
  clang::ASTContext& context = var->getASTContext();
  if (!var->isUsableInConstantExpressions(context)) return std::nullopt;
  const clang::APValue* value = var->evaluateValue();
  clang::QualType const type = var->getType().getNonReferenceType().getUnqualifiedType();
  if (value == nullptr || !value->isInt() || !type->isIntegralOrEnumerationType())
    return std::nullopt;
  std::optional<std::string> spelled = spell_type(type, context, Spelling::Nvrtc);
  if (!spelled) return std::nullopt;
  const llvm::APSInt& v = value->getInt();
  std::string literal = type->isBooleanType()
                            ? (v.getBoolValue() ? "true" : "false")
                            : llvm::toString(v, 10) + (v.isUnsigned() ? "ull" : "ll");
  return "static constexpr " + *spelled + " " + var->getNameAsString() + " = static_cast<" +
         *spelled + ">(" + literal + ");";
}

// An alias of the enclosing function the struct can stand for: a member alias of the same name for
// the type it names, spelled for NVRTC (`using scalar_t = float;`).
std::optional<std::string> alias_member(const clang::TypedefNameDecl* alias) {
  std::optional<std::string> spelled =
      spell_type(alias->getUnderlyingType(), alias->getASTContext(), Spelling::Nvrtc);
  if (!spelled) return std::nullopt;
  return "using " + alias->getNameAsString() + " = " + *spelled + ";";
}

// The templates around the lambda, as the instantiation that made `closure` gives them (an empty
// list for a lambda in no template); nullopt for a template's own pattern, and where they cannot
// be named: lined up with the text's parameters (enclosing_template_arguments) as types and
// integers NVRTC can spell.
std::optional<std::vector<EnclosingArgument>> closure_context(const clang::CXXRecordDecl* closure) {
  if (closure->isDependentContext()) return std::nullopt;
  const auto* f = llvm::dyn_cast<clang::FunctionDecl>(closure->getDeclContext());
  if (f == nullptr) return std::nullopt;
  std::optional<std::vector<EnclosingArgument>> context = enclosing_template_arguments(f);
  if (!context) return std::nullopt;
  for (const EnclosingArgument& a : *context) {
    clang::TemplateArgument::ArgKind const kind = a.argument.getKind();
    if ((kind != clang::TemplateArgument::Type && kind != clang::TemplateArgument::Integral) ||
        !spell_argument(a.argument, closure->getASTContext(), Spelling::Nvrtc))
      return std::nullopt;
  }
  return context;
}

// The context's parameters as members of the struct, so that the body's text means what it does
// in the instantiation: `using T = float;`, `static constexpr int N = 4;`.
std::string context_members(const std::vector<EnclosingArgument>& context, clang::ASTContext& ast) {
  std::string out;
  for (const EnclosingArgument& a : context) {
    std::string const name = a.parameter->getNameAsString();
    std::string const value = spell_argument(a.argument, ast, Spelling::Nvrtc).value_or("int");
    if (a.argument.getKind() == clang::TemplateArgument::Type) {
      out += "using " + name + " = " + value + ";\n";
      continue;
    }
    std::string const type =
        spell_type(a.argument.getIntegralType(), ast, Spelling::Nvrtc).value_or("long long");
    out += "static constexpr " + type + " " + name + " = " + value + ";\n";
  }
  return out;
}

// The parameter list as written, `(...)`, with each `auto` of a generic lambda's invented template
// parameters replaced by the name the struct's template gives it, in order.
std::string parameter_text(const clang::CXXMethodDecl* op,
                           const std::vector<std::string>& invented) {
  clang::TypeLoc tl = op->getTypeSourceInfo()->getTypeLoc().IgnoreParens();
  auto proto = tl.getAs<clang::FunctionProtoTypeLoc>();
  if (!proto || proto.getLParenLoc().isInvalid()) return "()";
  const clang::SourceManager& sm = sm_of(op);
  clang::SourceLocation begin = sm.getExpansionLoc(proto.getLParenLoc());
  clang::SourceLocation end = sm.getExpansionLoc(proto.getRParenLoc());
  clang::FileID file = sm.getFileID(begin);
  llvm::StringRef buffer = sm.getBufferData(file);
  unsigned const first = sm.getFileOffset(begin), last = sm.getFileOffset(end);
  std::string out;
  unsigned at = first;
  std::size_t next = 0;
  clang::Lexer lexer(sm.getLocForStartOfFile(file), op->getASTContext().getLangOpts(),
                     buffer.begin(), buffer.begin() + first, buffer.end());
  clang::Token token;
  while (next < invented.size() && !lexer.LexFromRawLexer(token)) {
    unsigned const offset = sm.getFileOffset(token.getLocation());
    if (offset > last) break;
    if (!token.is(clang::tok::raw_identifier) || token.getRawIdentifier() != "auto") continue;
    out += buffer.substr(at, offset - at).str() + invented[next++];
    at = offset + 4;
  }
  return out + buffer.substr(at, last + 1 - at).str();
}

}  // namespace

const clang::CXXRecordDecl* lambda_closure(const clang::Decl* d) {
  const auto* record = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(d);
  return record && record->isLambda() ? record : nullptr;
}

std::string closure_name(const clang::CXXRecordDecl* closure) {
  ClosureText const at = closure_text(closure);
  std::string name = "tt_closure_" + std::to_string(at.line) + "_" + std::to_string(at.column);
  // In a template, each instantiation's closure is a struct of its own.
  std::optional<std::vector<EnclosingArgument>> context = closure_context(closure);
  if (!context || context->empty()) return name;
  std::string arguments;
  for (const EnclosingArgument& a : *context)
    arguments +=
        spell_argument(a.argument, closure->getASTContext(), Spelling::Nvrtc).value_or("?") + ",";
  return name + "_" + detail::hex64(detail::fnv1a64(arguments)).substr(0, 8);
}

std::string closure_context_tag(const clang::CXXRecordDecl* closure) {
  std::optional<std::vector<EnclosingArgument>> context = closure_context(closure);
  std::string out;
  for (const EnclosingArgument& a : context.value_or(std::vector<EnclosingArgument>{})) {
    std::string const name = a.parameter->getNameAsString();
    out += ", " + (a.argument.getKind() == clang::TemplateArgument::Type
                       ? name
                       : "::std::integral_constant<decltype(" + name + "), " + name + ">");
  }
  return out;
}

std::string closure_context_spelling(const clang::CXXRecordDecl* closure) {
  std::optional<std::vector<EnclosingArgument>> context = closure_context(closure);
  clang::ASTContext& ast = closure->getASTContext();
  std::string out;
  for (const EnclosingArgument& a : context.value_or(std::vector<EnclosingArgument>{})) {
    std::string const value = spell_argument(a.argument, ast, Spelling::Host).value_or("int");
    if (a.argument.getKind() == clang::TemplateArgument::Type) {
      out += ", " + value;
      continue;
    }
    std::string const type =
        spell_type(a.argument.getIntegralType(), ast, Spelling::Host).value_or("long long");
    out += ", ::std::integral_constant<" + type + ", " + value + ">";
  }
  return out;
}

std::string closure_unsupported(const clang::CXXRecordDecl* closure) {
  const clang::SourceManager& sm = sm_of(closure);
  if (!from_user_file(sm, closure)) return "it is written in a library's header";
  if (closure->getLocation().isMacroID())
    return "it is written inside a macro's expansion (the annotation's text among them)";
  if (!closure_context(closure))
    return "it is written in a template whose parameters tiletune cannot name for it (a pack, a "
           "template template parameter, a generic lambda's)";
  for (const clang::LambdaCapture& capture : closure->captures()) {
    if (capture.capturesThis()) return "it captures `this`; capture copies of the members it uses";
    if (capture.capturesVLAType()) return "it captures a variable-length array";
    if (capture.isPackExpansion()) return "it captures a pack";
    if (capture.getCaptureKind() == clang::LCK_ByRef)
      return "it captures '" + capture.getCapturedVar()->getNameAsString() +
             "' by reference; capture it by copy";
  }
  const clang::CXXMethodDecl* op = call_operator(closure);
  if (op == nullptr || !op->hasBody()) return "its body is not known here";
  OuterNames outer(closure, op);
  outer.TraverseDecl(const_cast<clang::CXXMethodDecl*>(op));
  if (outer.type != nullptr)
    return "its body names '" + outer.type->getNameAsString() +
           "', declared in the function around it; declare it at namespace scope";
  for (const clang::TypedefNameDecl* alias : outer.aliases)
    if (!alias_member(alias))
      return "its body names '" + alias->getNameAsString() +
             "', declared in the function around it as a type tiletune cannot spell for NVRTC; "
             "declare it at namespace scope";
  for (const clang::VarDecl* var : outer.variables)
    if (!constant_member(var))
      return "its body names '" + var->getNameAsString() +
             "' of the function around it without capturing it; capture it";
  return "";
}

std::string closure_definition(const clang::CXXRecordDecl* closure) {
  clang::ASTContext& context = closure->getASTContext();
  const clang::SourceManager& sm = context.getSourceManager();
  const clang::CXXMethodDecl* op = call_operator(closure);
  std::string out = "struct " + closure_name(closure) + " {\n";
  out +=
      context_members(closure_context(closure).value_or(std::vector<EnclosingArgument>{}), context);
  // The captures, as the closure holds them: one member each, in order.
  auto field = closure->field_begin();
  for (const clang::LambdaCapture& capture : closure->captures()) {
    if (field == closure->field_end()) break;
    std::optional<std::string> type = spell_type(field->getType(), context, Spelling::Nvrtc);
    out += type.value_or("int") + " " + capture.getCapturedVar()->getNameAsString() + ";\n";
    ++field;
  }
  OuterNames outer(closure, op);
  outer.TraverseDecl(const_cast<clang::CXXMethodDecl*>(op));
  for (const clang::TypedefNameDecl* alias : outer.aliases)
    if (std::optional<std::string> member = alias_member(alias)) out += *member + "\n";
  for (const clang::VarDecl* var : outer.variables)
    if (std::optional<std::string> member = constant_member(var)) out += *member + "\n";
  // A generic lambda's operator() is a template: its invented parameters get names.
  std::vector<std::string> invented;
  if (const clang::TemplateParameterList* parameters =
          closure->getGenericLambdaTemplateParameterList()) {
    std::string head;
    for (const clang::NamedDecl* p : *parameters) {
      std::string declaration;
      if (p->isImplicit()) {
        invented.push_back("tt_auto_" + std::to_string(invented.size()));
        declaration =
            std::string("class") + (p->isParameterPack() ? "... " : " ") + invented.back();
      } else {
        declaration = text_of(closure, sm.getExpansionRange(p->getSourceRange()));
      }
      head += (head.empty() ? "" : ", ") + declaration;
    }
    out += "template <" + head + ">\n";
  }
  clang::PresumedLoc at = sm.getPresumedLoc(sm.getExpansionLoc(op->getBody()->getBeginLoc()));
  std::string trailing;
  const auto* type = op->getType()->getAs<clang::FunctionProtoType>();
  auto proto =
      op->getTypeSourceInfo()->getTypeLoc().IgnoreParens().getAs<clang::FunctionProtoTypeLoc>();
  if (type && type->hasTrailingReturn() && proto)
    trailing = " -> " + text_of(op, sm.getExpansionRange(proto.getReturnLoc().getSourceRange()));
  out += "__device__ auto operator()" + parameter_text(op, invented) +
         (op->isConst() ? " const" : "") + trailing;
  out += "\n" + line_directive(at.getLine(), llvm::sys::path::filename(at.getFilename()));
  out += std::string(at.getColumn() - 1, ' ') +
         text_of(op, sm.getExpansionRange(op->getBody()->getSourceRange())) + "\n};\n";
  return out;
}

std::vector<Use> closure_uses(const clang::CXXRecordDecl* closure) {
  const clang::CXXMethodDecl* op = call_operator(closure);
  const clang::Decl* body_holder = op;
  if (const clang::FunctionTemplateDecl* t = op->getDescribedFunctionTemplate()) body_holder = t;
  std::vector<Use> uses = uses_in(body_holder);
  std::vector<const clang::Decl*> named;
  for (const clang::FieldDecl* field : closure->fields())
    named_declarations(field->getType(), named);
  for (const clang::Decl* d : named) uses.push_back({d, closure->getLocation(), op});
  return uses;
}

ClosureText closure_text(const clang::CXXRecordDecl* closure) {
  const clang::SourceManager& sm = sm_of(closure);
  clang::SourceLocation begin = sm.getExpansionLoc(closure->getBeginLoc());
  clang::PresumedLoc at = sm.getPresumedLoc(begin);
  return {begin, sm.getExpansionLoc(call_operator(closure)->getBody()->getEndLoc()), at.getLine(),
          at.getColumn()};
}

Chunk closure_chunk(const clang::CXXRecordDecl* closure) {
  const clang::SourceManager& sm = sm_of(closure);
  clang::SourceLocation begin = sm.getExpansionLoc(closure->getBeginLoc());
  clang::SourceLocation end = sm.getExpansionLoc(call_operator(closure)->getBody()->getEndLoc());
  unsigned const b = sm.getFileOffset(begin);
  unsigned const e = sm.getFileID(end) == sm.getFileID(begin) ? sm.getFileOffset(end) + 1 : b;
  return Chunk{sm.getFileID(begin), b, e, nullptr, {}};
}

}  // namespace tiletune::tool
