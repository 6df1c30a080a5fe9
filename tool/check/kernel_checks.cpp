#include "check/kernel_checks.h"

#include "annotation/axis_lookup.h"
#include "annotation/evaluate.h"
#include "check/default_key.h"
#include "check/kernel_lookup.h"
#include "preprocess/register_limit.h"

#include <tiletune/rules.h>

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace tiletune::tool {
namespace {

// The indices of the template parameters (at `depth`) that a parameter's written type names.
class TemplateParameterUses : public clang::RecursiveASTVisitor<TemplateParameterUses> {
 public:
  explicit TemplateParameterUses(unsigned depth) : depth_(depth) {}

  bool VisitTemplateTypeParmType(clang::TemplateTypeParmType* t) {
    if (t->getDepth() == depth_) found.insert(t->getIndex());
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* p = llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(e->getDecl()))
      if (p->getDepth() == depth_) found.insert(p->getIndex());
    return true;
  }
  bool VisitTemplateName(clang::TemplateName name) {
    if (const auto* p =
            llvm::dyn_cast_or_null<clang::TemplateTemplateParmDecl>(name.getAsTemplateDecl()))
      if (p->getDepth() == depth_) found.insert(p->getIndex());
    return true;
  }

  std::set<unsigned> found;

 private:
  unsigned depth_;
};

std::set<unsigned> template_parameters_in(const clang::ParmVarDecl* param, unsigned depth) {
  TemplateParameterUses uses(depth);
  if (const clang::TypeSourceInfo* written = param->getTypeSourceInfo())
    uses.TraverseTypeLoc(written->getTypeLoc());
  else
    uses.TraverseType(param->getType());
  return uses.found;
}

std::string plural(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// A variable of the function around the site, declared before it, named `name`.
class LocalVariableFinder : public clang::RecursiveASTVisitor<LocalVariableFinder> {
 public:
  LocalVariableFinder(const clang::SourceManager& sm, std::string name, clang::SourceLocation site)
      : sm_(sm), name_(std::move(name)), site_(site) {}

  bool shouldVisitLambdaBody() const { return false; }
  bool VisitVarDecl(clang::VarDecl* v) {
    if (v->getName() == name_ && sm_.isBeforeInTranslationUnit(v->getLocation(), site_)) found = v;
    return true;
  }

  const clang::VarDecl* found = nullptr;

 private:
  const clang::SourceManager& sm_;
  std::string name_;
  clang::SourceLocation site_;
};

const clang::VarDecl* local_variable(const clang::FunctionDecl* enclosing, const std::string& name,
                                     clang::SourceLocation site) {
  if (enclosing == nullptr || enclosing->getBody() == nullptr ||
      name.find_first_of(":<") != std::string::npos)
    return nullptr;
  LocalVariableFinder finder(enclosing->getASTContext().getSourceManager(), name, site);
  for (const clang::ParmVarDecl* p : enclosing->parameters())
    if (p->getName() == name) finder.found = p;
  finder.TraverseStmt(enclosing->getBody());
  return finder.found;
}

// The pattern (or plain function) of the kernel Clang resolved the call to, when every launch of
// the site resolved to the same one; else null.
const clang::FunctionDecl* resolved_kernel(const std::vector<SiteInstantiation>& launches) {
  const clang::FunctionDecl* out = nullptr;
  for (const SiteInstantiation& launch : launches) {
    if (launch.kernel == nullptr) return nullptr;
    const clang::FunctionDecl* f = launch.kernel;
    if (const clang::FunctionTemplateDecl* t = f->getPrimaryTemplate()) f = t->getTemplatedDecl();
    f = f->getCanonicalDecl();
    if (out != nullptr && out != f) return nullptr;
    out = f;
  }
  return out;
}

// The one function the call names; a host wrapper often shares the kernel's name, but the launch
// can only mean the __global__ one. Of __global__ overloads, the one Clang resolved the call to,
// as nvcc does (the slice holds only that one, so its name is NVRTC's name expression).
const clang::FunctionDecl* find_kernel(const KernelCall& call, const LookupIndex& lookup,
                                       const SiteLaunches& launches, SiteReporter& report) {
  const clang::FunctionDecl* enclosing = launches.enclosing;
  std::vector<const clang::FunctionDecl*> found =
      find_functions(lookup, call.callee, report.site().macro_begin);
  if (found.empty()) {
    // A launch through a pointer (`auto k = radius == 1 ? star1 : star2; k<<<g, b>>>(...)`): which
    // kernel runs is known only at run time, and each is its own NVRTC program to tune.
    if (const clang::VarDecl* pointer =
            local_variable(enclosing, call.callee, report.site().macro_begin)) {
      report.error(call.callee_span,
                   "'" + call.callee +
                       "' is a variable that points to a kernel; a tuned launch names its kernel "
                       "(each kernel is compiled and tuned apart by NVRTC): write one TILETUNE "
                       "annotation per kernel it may point to (an if or a switch over them)");
      report.note(pointer->getLocation(), "'" + call.callee + "' declared here");
      return nullptr;
    }
    report.error(call.callee_span,
                 "no function named '" + call.callee + "' in this translation unit");
    return nullptr;
  }
  if (found.size() > 1) {
    std::vector<const clang::FunctionDecl*> kernels;
    for (const clang::FunctionDecl* f : found)
      if (definition_or_first(f)->hasAttr<clang::CUDAGlobalAttr>()) kernels.push_back(f);
    if (kernels.size() == 1) found = kernels;
    const clang::FunctionDecl* resolved = resolved_kernel(launches.instantiations);
    if (kernels.size() > 1 && resolved != nullptr)
      for (const clang::FunctionDecl* f : kernels)
        if (f->getCanonicalDecl() == resolved) found = {f};
  }
  if (found.size() > 1) {
    bool const overloads =
        std::all_of(found.begin(), found.end(), [](const clang::FunctionDecl* f) {
          return definition_or_first(f)->hasAttr<clang::CUDAGlobalAttr>();
        });
    report.error(call.callee_span,
                 "'" + call.callee + "' names " + std::to_string(found.size()) +
                     (overloads && launches.in_template
                          ? " kernels, and the template's instantiations launch different ones; "
                            "a site tunes one kernel: give the overloads different names, or "
                            "make them one kernel template"
                          : " functions; tiletune needs exactly one kernel of that name"));
    for (const clang::FunctionDecl* f : found) report.note(f->getLocation(), "candidate here");
    return nullptr;
  }
  return definition_or_first(found.front());
}

// An argument computed from `$` values alone is a number: given for a type (or template)
// parameter, it is the mistake to report, before anything that follows from the type it would have
// made. (`Tile<$t>` is a type that holds one: the tree is null for it.)
bool check_dollar_argument_kinds(const clang::TemplateParameterList* params, const KernelCall& call,
                                 SiteReporter& report) {
  for (std::size_t i = 0; i < call.template_args.size() && params->size() != 0; ++i) {
    const Expr& arg = call.template_args[i];
    const clang::NamedDecl* param = params->getParam(std::min<std::size_t>(i, params->size() - 1));
    if (arg.dollars.empty() || !arg.tree || llvm::isa<clang::NonTypeTemplateParmDecl>(param))
      continue;
    bool const type = llvm::isa<clang::TemplateTypeParmDecl>(param);
    report.error(arg.span, "'$" + arg.dollars.front().name +
                               "' is a number, but template parameter '" +
                               param->getNameAsString() + "' of '" + call.callee + "' is a " +
                               (type ? "type" : "template") +
                               ": a '$' value goes to a value parameter such as 'int TILE'");
    report.note(param->getLocation(), "template parameter declared here");
    return false;
  }
  return true;
}

// Whether the template arguments fit the kernel's template parameters, after saying why not.
bool check_template_args(const clang::FunctionDecl* kernel, const KernelCall& call, bool deduced,
                         SiteReporter& report) {
  const clang::FunctionTemplateDecl* tmpl = kernel->getDescribedFunctionTemplate();
  if (!tmpl) {
    if (call.has_template_args) {
      report.error(call.callee_span, "'" + call.callee +
                                         "' is not a template, but template "
                                         "arguments are given");
      report.note(kernel->getLocation(), "kernel declared here");
    }
    return true;
  }
  const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
  if (!check_dollar_argument_kinds(params, call, report)) return false;
  std::size_t required = params->getMinRequiredArguments();
  std::size_t given = call.template_args.size();
  if (given > params->size() && !params->hasParameterPack()) {
    report.error(call.template_args[params->size()].span, "too many template arguments for '" +
                                                              call.callee + "': it takes " +
                                                              std::to_string(params->size()));
    report.note(tmpl->getLocation(), "template declared here");
  } else if (given < required && !deduced) {
    report.error(call.callee_span, "too few template arguments for '" + call.callee +
                                       "': it needs " + std::to_string(required) + ", " +
                                       std::to_string(given) +
                                       " given, and the tool cannot deduce the others from a "
                                       "call with a lambda argument before C++20; give them");
    report.note(tmpl->getLocation(), "template declared here");
  }
  return true;
}

// NVRTC compiles the tuned kernel from the slice of this file, so the file must define it.
bool check_defined(const clang::FunctionDecl* kernel, const KernelCall& call,
                   SiteReporter& report) {
  if (kernel->isDefined()) return true;
  report.error(call.callee_span,
               "'" + call.callee +
                   "' is only declared in this file: tiletune compiles the tuned kernel with NVRTC "
                   "from the file that holds the annotation, so that file must define it; move "
                   "the annotated launch into the kernel's file, or the kernel into this one");
  report.note(kernel->getLocation(), "declared here without a definition");
  return false;
}

// As many arguments as parameters, or fewer where the kernel gives the others default arguments
// (`T* partial = NULL`), as a kernel call may leave them out.
bool check_argument_count(const clang::FunctionDecl* kernel, const KernelCall& call,
                          SiteReporter& report) {
  if (kernel->getNumParams() == call.args.size()) return true;
  // A function parameter pack (`Ts*... ps`) takes any number of arguments; tiletune indexes the
  // pattern's parameters, so it passes a pack only as one expansion written where it is (`ps...`).
  auto pack = std::find_if(kernel->param_begin(), kernel->param_end(),
                           [](const clang::ParmVarDecl* p) { return p->isParameterPack(); });
  if (pack != kernel->param_end()) {
    report.error(call.span, "'" + call.callee + "' takes the function parameter pack '" +
                                (*pack)->getNameAsString() +
                                "', which tiletune passes only as one pack expansion written in "
                                "the call (`args...` inside a variadic template), not as " +
                                std::to_string(call.args.size()) + " arguments for the kernel's " +
                                std::to_string(kernel->getNumParams()) +
                                " parameters; launch a kernel of fixed parameters here");
    report.note((*pack)->getLocation(), "parameter pack declared here");
    return false;
  }
  if (call.args.size() >= kernel->getMinRequiredArguments() &&
      call.args.size() < kernel->getNumParams())
    return true;
  unsigned const required = kernel->getMinRequiredArguments();
  std::string const takes = required < kernel->getNumParams()
                                ? std::to_string(required) + " to " +
                                      plural(kernel->getNumParams(), "argument") +
                                      " (the last with default arguments)"
                                : plural(kernel->getNumParams(), "argument");
  report.error(call.span, "'" + call.callee + "' takes " + takes + ", but " +
                              std::to_string(call.args.size()) + " " +
                              (call.args.size() == 1 ? "is" : "are") + " given");
  report.note(kernel->getLocation(), "kernel declared here");
  return false;
}

void check_constant_arguments(const clang::FunctionDecl* kernel, const KernelCall& call,
                              SiteReporter& report) {
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    const Argument& arg = call.args[i];
    if (!arg.constant) continue;
    const clang::ParmVarDecl* param = kernel->getParamDecl(i);
    clang::QualType type = param->getType();
    if (type->isDependentType() || type->isIntegralOrEnumerationType()) continue;
    report.error(arg.span, "Constant(...) needs a parameter of integral or enum type; parameter '" +
                               param->getNameAsString() + "' is '" + type.getAsString() + "'");
    report.note(param->getLocation(), "parameter declared here");
  }
}

// A key holds at most rules::kMaxKeyValues values: the written ones, or by default every argument
// that in_default_key takes and that is the same for every configuration, then each Constant(...)
// without `$` (one with `$` differs per configuration and is not part of the key).
void check_key_size(const Annotation& a, const clang::FunctionDecl* kernel, SiteReporter& report) {
  const KernelCall& call = *a.call;
  const auto max = static_cast<std::size_t>(rules::kMaxKeyValues);
  std::size_t constants = 0;
  std::size_t integral = 0;
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    clang::QualType type = kernel->getParamDecl(i)->getType();
    if (call.args[i].constant)
      constants += call.args[i].expr.dollars.empty() ? 1 : 0;
    else if (call.args[i].expr.dollars.empty() && in_default_key(type))
      ++integral;
  }
  if (a.key) {
    if (a.key->size() + constants > max)
      report.error(a.key->size() > max ? (*a.key)[max].span : keyword_use(a, "key")->name_span,
                   "the key has " + std::to_string(a.key->size() + constants) +
                       " values (Constant(...) arguments included); it holds at most " +
                       std::to_string(max));
  } else if (integral + constants > max) {
    report.error(call.callee_span,
                 "the default key would take " + std::to_string(integral + constants) +
                     " integral and Constant(...) arguments; it holds at most " +
                     std::to_string(max) + ": say what the tuning depends on with key = (...)");
  }
}

// The launch converts the arguments to the kernel's parameter types once, whatever the
// configuration: a parameter type may not depend on a template parameter that takes a `$` value.
void check_parameter_types(const clang::FunctionDecl* kernel, const KernelCall& call,
                           SiteReporter& report) {
  const clang::FunctionTemplateDecl* tmpl = kernel->getDescribedFunctionTemplate();
  if (!tmpl) return;
  const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
  std::vector<const Expr*> bound(params->size(), nullptr);  // the `$` argument each one takes
  for (std::size_t i = 0; i < call.template_args.size(); ++i) {
    if (call.template_args[i].dollars.empty() || params->size() == 0) continue;
    std::size_t p = std::min<std::size_t>(i, params->size() - 1);  // the rest go to a pack
    if (!bound[p]) bound[p] = &call.template_args[i];
  }
  for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
    const clang::ParmVarDecl* param = kernel->getParamDecl(i);
    if (!param->getType()->isDependentType()) continue;
    for (unsigned p : template_parameters_in(param, params->getDepth())) {
      if (p >= bound.size() || !bound[p]) continue;
      report.error(bound[p]->span,
                   "'" + call.callee + "' has parameter '" + param->getNameAsString() +
                       "' of type '" + param->getType().getAsString() +
                       "', which depends on template parameter '" +
                       params->getParam(p)->getNameAsString() +
                       "': its argument may not use '$', since the arguments are converted once "
                       "for every configuration");
      report.note(param->getLocation(), "parameter declared here");
      return;
    }
  }
}

// Where the annotation sets `hint`, statically or as an axis; nullopt where it does not.
std::optional<Span> hint_span(const Annotation& a, const std::optional<Value>& fixed,
                              const char* hint) {
  if (fixed) return fixed->span;
  if (const Axis* axis = axis_named(a, hint)) return axis->name_span;
  return std::nullopt;
}

// A literal block size above __launch_bounds__'s maximum, for the first configuration that has one.
void check_threads_bound(const Annotation& a, const LiteralSpace& literal, long long max,
                         clang::SourceLocation bounds, SiteReporter& report) {
  for (const Expr& e : a.threads->exprs)
    if (!e.tree) return;
  for (const auto& config : literal.configs) {
    long long threads = 1;
    for (const Expr& e : a.threads->exprs) {
      std::optional<long long> v = evaluate(*e.tree, literal.axes, config);
      if (!v) return;
      threads *= *v;
    }
    if (threads <= max) continue;
    report.error(a.threads->span,
                 "threads = " + std::to_string(threads) + " for " + literal.describe(config) +
                     " exceeds the kernel's __launch_bounds__ maximum of " + std::to_string(max));
    report.note(bounds, "__launch_bounds__ given here");
    return;
  }
}

// Whether a minimum-blocks argument is 0: nvcc then writes no .minnctapersm, so it fixes nothing.
bool is_zero(const clang::Expr* min_blocks, const clang::ASTContext& context) {
  if (min_blocks->isValueDependent()) return false;
  std::optional<llvm::APSInt> value = min_blocks->getIntegerConstantExpr(context);
  return value && value->isZero();
}

// Whether __launch_bounds__(max, minBlocks) fixes the minimum blocks per multiprocessor: a minimum
// that is not 0, as written, or, where it depends on the kernel's template parameters
// (moderngpu's `__launch_bounds__(nt, launch_box::sm_ptx::occ)`, occ 0 by default), in any
// instantiation the site launches. A `$` template argument gives the instantiations Clang sees
// placeholder values, so there a dependent minimum counts as fixed.
bool fixes_min_blocks(const clang::CUDALaunchBoundsAttr* bounds, const KernelCall& call,
                      const SiteLaunches& launches, const clang::ASTContext& context) {
  const clang::Expr* min_blocks = bounds->getMinBlocks();
  if (!min_blocks) return false;
  if (!min_blocks->isValueDependent()) return !is_zero(min_blocks, context);
  bool const placeholders = std::any_of(call.template_args.begin(), call.template_args.end(),
                                        [](const Expr& e) { return !e.dollars.empty(); });
  if (placeholders || launches.instantiations.empty()) return true;
  for (const SiteInstantiation& instantiation : launches.instantiations) {
    const auto* own = instantiation.kernel
                          ? instantiation.kernel->getAttr<clang::CUDALaunchBoundsAttr>()
                          : nullptr;
    if (!own) return true;
    if (own->getMinBlocks() && !is_zero(own->getMinBlocks(), context)) return true;
  }
  return false;
}

// __launch_bounds__(max, minBlocks): a minimum already fixes occupancy, and the maximum bounds
// every literal block size.
void check_launch_bounds(const Annotation& a, const LiteralSpace* literal,
                         const clang::FunctionDecl* kernel, const SiteLaunches& launches,
                         SiteReporter& report) {
  const auto* bounds = kernel->getAttr<clang::CUDALaunchBoundsAttr>();
  if (!bounds) return;
  if (fixes_min_blocks(bounds, *a.call, launches, kernel->getASTContext())) {
    if (std::optional<Span> span = hint_span(a, a.occupancy, rules::kOccupancy)) {
      report.error(*span,
                   "the kernel's __launch_bounds__ already fixes the minimum blocks "
                   "per multiprocessor; 'occupancy' cannot change it");
      report.note(bounds->getLocation(), "__launch_bounds__ given here");
    }
  }
  if (bounds->getMaxThreads()->isValueDependent()) return;
  std::optional<llvm::APSInt> max =
      bounds->getMaxThreads()->getIntegerConstantExpr(kernel->getASTContext());
  if (max && a.threads && literal)
    check_threads_bound(a, *literal, max->getExtValue(), bounds->getLocation(), report);
}

void check_cluster_dims(const Annotation& a, const clang::FunctionDecl* kernel,
                        SiteReporter& report) {
  const auto* dims = kernel->getAttr<clang::CUDAClusterDimsAttr>();
  if (!dims) return;
  std::optional<Span> span = hint_span(a, a.num_ctas, rules::kNumCtas);
  if (!span) return;
  report.error(*span,
               "the kernel's __cluster_dims__ already fixes the cluster shape; 'num_ctas' "
               "cannot change it");
  report.note(dims->getLocation(), "__cluster_dims__ given here");
}

// "k<true>", for messages.
std::string kernel_spelling(const clang::FunctionDecl* kernel) {
  std::string out;
  llvm::raw_string_ostream os(out);
  kernel->getNameForDiagnostic(os, kernel->getASTContext().getPrintingPolicy(),
                               /*Qualified=*/true);
  return out;
}

// The annotation's text is one site per instantiation of the code around it; a macro that expands
// its argument more than once makes copies of it in one instantiation, which Clang may resolve to
// different kernels. Copies told apart by a constant (`k<B>`, B true in one and false in the
// other) are sites of their own (site_instantiations.h); others would share one generated launch,
// so they must launch one kernel.
bool check_one_kernel_per_instantiation(const KernelCall& call, const SiteLaunches& launches,
                                        SiteReporter& report) {
  const std::vector<SiteInstantiation>& all = launches.instantiations;
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      if (!copies_launching_different_kernels(all[i], all[j])) continue;
      report.error(call.callee_span,
                   "this annotation is expanded more than once (it is in a macro's argument "
                   "that the macro writes twice), and its kernel call launches different "
                   "kernels there: '" +
                       kernel_spelling(all[i].kernel) + "' and '" + kernel_spelling(all[j].kernel) +
                       "'; a site stands for one launch: annotate the launch where it is "
                       "written once (outside the macro's argument), one annotation per kernel");
      return false;
    }
  return true;
}

}  // namespace

const clang::FunctionDecl* check_kernel(const Annotation& a, const LiteralSpace* literal,
                                        bool deduced, const LookupIndex& lookup,
                                        const SiteLaunches& launches, SiteReporter& report) {
  if (!a.call) return nullptr;
  const KernelCall& call = *a.call;
  const clang::FunctionDecl* kernel = find_kernel(call, lookup, launches, report);
  if (!kernel) return nullptr;
  if (!check_one_kernel_per_instantiation(call, launches, report)) return nullptr;
  if (!kernel->hasAttr<clang::CUDAGlobalAttr>()) {
    report.error(call.callee_span, "'" + call.callee + "' is not a __global__ kernel");
    report.note(kernel->getLocation(), "declared here without __global__");
    return kernel;
  }
  if (!check_defined(kernel, call, report)) return kernel;
  if (!check_template_args(kernel, call, deduced, report)) return kernel;
  if (!check_argument_count(kernel, call, report)) return kernel;
  check_constant_arguments(kernel, call, report);
  check_key_size(a, kernel, report);
  check_parameter_types(kernel, call, report);
  check_launch_bounds(a, literal, kernel, launches, report);
  check_cluster_dims(a, kernel, report);
  if (literal) warn_large_space(a, *literal, report);
  return kernel;
}

void check_register_limit(const Annotation& a, const clang::FunctionDecl* kernel,
                          const PreprocessorRecord& preprocessor, SiteReporter& report) {
  std::optional<clang::SourceLocation> limit = register_limit(kernel, preprocessor);
  if (!limit) return;
  std::optional<Span> span = hint_span(a, a.occupancy, rules::kOccupancy);
  if (!span) return;
  report.error(*span,
               "the kernel's __maxnreg__ fixes its registers, which is how the compiler meets "
               "'occupancy' (a minimum of blocks per multiprocessor): leave out 'occupancy', or "
               "__maxnreg__");
  report.note(*limit, "__maxnreg__ given here");
}

}  // namespace tiletune::tool
