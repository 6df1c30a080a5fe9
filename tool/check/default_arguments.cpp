#include "check/default_arguments.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/QualTypeNames.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace tiletune::tool {
namespace {

// The default argument's value as launch-site source text, or nullopt when it is not a constant
// that reads the same there (whatever names it uses are looked up where the kernel is declared).
std::optional<std::string> spelled_default(const clang::ParmVarDecl* param) {
  const clang::Expr* init = param->hasUninstantiatedDefaultArg()
                                ? param->getUninstantiatedDefaultArg()
                                : param->getDefaultArg();
  if (init == nullptr || init->isValueDependent() || init->isTypeDependent()) return std::nullopt;
  clang::ASTContext& context = param->getASTContext();
  clang::QualType type = param->getType().getNonReferenceType();
  bool const pointer =
      type->isAnyPointerType() || type->isMemberPointerType() || type->isNullPtrType();
  if (pointer && init->isNullPointerConstant(context, clang::Expr::NPC_ValueDependentIsNotNull) !=
                     clang::Expr::NPCK_NotNull)
    return std::string("nullptr");
  if (pointer) return std::nullopt;  // the address of something the launch site may not see
  clang::Expr::EvalResult result;
  if (init->getType()->isRealFloatingType() && init->EvaluateAsRValue(result, context) &&
      result.Val.isFloat()) {
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", result.Val.getFloat().convertToDouble());
    return std::string(text);
  }
  if (!init->EvaluateAsInt(result, context)) return std::nullopt;
  const llvm::APSInt& value = result.Val.getInt();
  if (type->isBooleanType()) return std::string(value.getBoolValue() ? "true" : "false");
  std::string literal = value.isSigned() ? std::to_string(value.getSExtValue()) + "ll"
                                         : std::to_string(value.getZExtValue()) + "ull";
  // The most negative value has no literal of its own.
  if (value.isSigned() && value.getSExtValue() == INT64_MIN)
    literal = "(-9223372036854775807ll - 1)";
  if (type->isEnumeralType()) {
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressUnwrittenScope = true;
    return "static_cast<" +
           clang::TypeName::getFullyQualifiedName(type, context, policy,
                                                  /*WithGlobalNsPrefix=*/true) +
           ">(" + literal + ")";
  }
  return literal;
}

}  // namespace

std::optional<std::vector<Argument>> default_arguments(const clang::FunctionDecl* kernel,
                                                       const KernelCall& call,
                                                       SiteReporter& report) {
  std::vector<Argument> out;
  Span const at{call.span.end, call.span.end};
  for (unsigned i = call.args.size(); i < kernel->getNumParams(); ++i) {
    const clang::ParmVarDecl* param = kernel->getParamDecl(i);
    std::optional<std::string> text = spelled_default(param);
    if (!text) {
      report.error(call.span, "the call leaves out parameter '" + param->getNameAsString() +
                                  "' of '" + call.callee +
                                  "', whose default argument is not a constant the tool can "
                                  "write at the launch (a null pointer, a number, an "
                                  "enumerator); write that argument in the call");
      report.note(param->getLocation(), "parameter declared here");
      return std::nullopt;
    }
    Argument arg;
    arg.expr.text = *text;
    arg.expr.span = at;
    arg.span = at;
    arg.defaulted = true;
    out.push_back(std::move(arg));
  }
  return out;
}

}  // namespace tiletune::tool
