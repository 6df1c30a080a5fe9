#include "slice/device_use_checks.h"

#include "slice/declaration_units.h"
#include "slice/include_policy.h"
#include "slice/standard_library.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/Path.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

// A function NVRTC can call from device code: __device__ or __global__ (constexpr functions are
// made __host__ __device__ in the slice), or one the compiler provides.
bool callable_on_device(const clang::FunctionDecl* f) {
  if (f->hasAttr<clang::CUDADeviceAttr>() || f->hasAttr<clang::CUDAGlobalAttr>()) return true;
  if (f->isConstexpr() || f->isImplicit() || f->isDefaulted() || f->isDeleted()) return true;
  if (f->getBuiltinID() != 0) return true;
  if (const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f))
    if (m->getParent()->isLambda()) return true;
  return false;
}

// Some function an unresolved call names can be called from device code (a template's pattern
// stands for its specializations).
bool any_callable_on_device(const clang::OverloadExpr& overloads) {
  for (const clang::NamedDecl* d : overloads.decls()) {
    d = d->getUnderlyingDecl();
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d); f && callable_on_device(f))
      return true;
  }
  return false;
}

// A function the CUDA compiler declares for device code itself (printf, malloc, free: Clang's CUDA
// wrapper or the toolkit declares them __device__, NVRTC has them built in): CUDA overloads on the
// target, so a __host__ __device__ caller in the host compilation resolves to the host header's
// (<cstdio>'s) declaration, whose device twin the tuned kernel uses with no header.
bool declared_for_device_by_compiler(const clang::FunctionDecl* f, const clang::SourceManager& sm) {
  if (!f->getDeclName().isIdentifier()) return false;
  for (const clang::NamedDecl* found :
       f->getDeclContext()->getRedeclContext()->lookup(f->getDeclName())) {
    const auto* twin = llvm::dyn_cast<clang::FunctionDecl>(found);
    const auto* device = twin != nullptr ? twin->getAttr<clang::CUDADeviceAttr>() : nullptr;
    if (device == nullptr || device->isInherited()) continue;
    clang::SourceLocation const at = sm.getExpansionLoc(twin->getLocation());
    clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(at));
    if (file && (llvm::sys::path::filename(file->getName()).starts_with("__clang_cuda") ||
                 from_toolkit_file(sm, twin)))
      return true;
  }
  return false;
}

bool in_device_code(const Use& use) {
  const clang::FunctionDecl* f = use.in_function;
  return f && (f->hasAttr<clang::CUDADeviceAttr>() || f->hasAttr<clang::CUDAGlobalAttr>() ||
               f->isConstexpr());
}

// Clang ignores the toolkit's `__managed__` (`__location__(managed)`, an attribute it does not
// know): the declaration's own text says it.
bool declared_managed(const clang::VarDecl* v) {
  if (v->hasAttr<clang::HIPManagedAttr>()) return true;
  const clang::ASTContext& context = v->getASTContext();
  const clang::SourceManager& sm = context.getSourceManager();
  clang::SourceLocation begin = sm.getExpansionLoc(v->getBeginLoc());
  clang::SourceLocation name = sm.getExpansionLoc(v->getLocation());
  if (begin.isInvalid() || name.isInvalid() || sm.getFileID(begin) != sm.getFileID(name))
    return false;
  llvm::StringRef text = clang::Lexer::getSourceText(
      clang::CharSourceRange::getCharRange(begin, name), sm, context.getLangOpts());
  return text.contains("__managed__");
}

std::string name_of(const clang::Decl* d) {
  if (const auto* n = llvm::dyn_cast<clang::NamedDecl>(d)) return n->getQualifiedNameAsString();
  return "declaration";
}

// A namespace-scope constant nvcc lets device code read without a memory space: constexpr, or
// const and not volatile, of integral, enum or floating type (not long double), with a constant
// initializer (CUDA C++ Programming Guide, "const-qualified variables").
bool usable_constant(const clang::VarDecl* v) {
  if (v->isConstexpr()) return true;
  const clang::QualType t = v->getType();
  if (!t.isConstQualified() || t.isVolatileQualified()) return false;
  // In a template the value waits for the arguments (a class template's `static int const kRank
  // = Rank_;`): each instantiation is NVRTC's to judge, as it is nvcc's.
  const clang::Expr* init = v->getAnyInitializer();
  if (t->isDependentType() || (init != nullptr && init->isValueDependent()))
    return t->isDependentType() || t->isIntegralOrEnumerationType();
  if (!v->hasConstantInitialization()) return false;
  if (t->isIntegralOrEnumerationType()) return true;
  return t->isRealFloatingType() && !t->isSpecificBuiltinType(clang::BuiltinType::LongDouble);
}

std::string used_in(const Use& use) {
  return use.in_function ? " (used in '" + use.in_function->getNameAsString() + "')"
                         : std::string();
}

}  // namespace

DeviceUseChecks::DeviceUseChecks(
    clang::ASTContext& context, const HeaderOrigins& origins,
    const std::map<const clang::VarDecl*, SymbolAccess>& symbol_accesses, Reporter& report)
    : context_(context),
      sm_(context.getSourceManager()),
      origins_(origins),
      report_(report),
      symbol_accesses_(symbol_accesses) {}

bool DeviceUseChecks::check(const Use& use, SliceIncludes& includes, bool quiet) {
  quiet_ = quiet;
  const clang::Decl* d = use.decl;
  if (compiler_builtin(d)) return true;
  if (from_user_file(sm_, d)) {
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) return check_user_function(use, f);
    if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) return check_user_variable(use, v);
    return true;
  }
  if (!d->getLocation().isValid()) return true;  // implicit: the compiler's own
  return check_system(use, includes);
}

bool DeviceUseChecks::check_user_function(const Use& use, const clang::FunctionDecl* f) {
  if (!in_device_code(use) || callable_on_device(f)) return true;
  // An overload the call may never pick stays out (NVRTC refuses a host function's definition,
  // called or not), and is worth a word only when the call can pick nothing else.
  if (use.overloads && any_callable_on_device(*use.overloads)) return false;
  return object(use, "'" + name_of(f) +
                         "' is a host function: the tuned kernel is compiled by NVRTC from device "
                         "code only; mark it __device__ (or __host__ __device__)");
}

bool DeviceUseChecks::check_user_variable(const Use& use, const clang::VarDecl* v) {
  if (!v->hasGlobalStorage() || v->isStaticLocal()) return true;
  // __shared__ covers `extern __shared__ T buf[];`, the dynamic shared memory `shmem =` sizes.
  bool device_variable = v->hasAttr<clang::CUDADeviceAttr>() ||
                         v->hasAttr<clang::CUDAConstantAttr>() ||
                         v->hasAttr<clang::CUDASharedAttr>();
  // Host code reads and writes a __managed__ variable directly, with no call that the runtime
  // could follow to keep the tuned module's own copy in step.
  if (declared_managed(v))
    return refuse(use, "'" + name_of(v) +
                           "' is __managed__: host code reads and writes it directly, and the "
                           "tuned kernel (compiled separately by NVRTC) would use its own copy; "
                           "pass a pointer to managed memory as a kernel argument instead");
  if (device_variable && symbol_accesses_.count(v->getCanonicalDecl())) return share_with_host(v);
  if (!in_device_code(use) || device_variable || usable_constant(v)) return true;
  return object(use, "'" + name_of(v) +
                         "' is a host variable, which the tuned kernel (compiled by NVRTC) cannot "
                         "read; make it constexpr or __constant__");
}

// The tuned module's copy of a variable that host code writes or reads through the runtime API
// is kept in step with the application's by the runtime, at each launch of the site.
bool DeviceUseChecks::share_with_host(const clang::VarDecl* v) {
  const clang::VarDecl* canonical = v->getCanonicalDecl();
  if (std::find(shared_.begin(), shared_.end(), canonical) == shared_.end())
    shared_.push_back(canonical);
  return true;
}

bool DeviceUseChecks::check_system(const Use& use, SliceIncludes& includes) {
  const clang::Decl* d = use.decl;
  if (llvm::isa<clang::NamespaceDecl, clang::TemplateTypeParmDecl>(d)) return true;
  if (in_namespace_std(d)) return check_standard_library(use, includes);
  clang::FileID file = sm_.getFileID(sm_.getExpansionLoc(d->getLocation()));
  HeaderOrigin origin = origins_.origin_of(file);
  if (!origin.toolkit_headers.empty()) {
    for (const std::string& header : origin.toolkit_headers) includes.add(header);
  } else if (!from_toolkit_file(sm_, d)) {
    if (const auto* t = llvm::dyn_cast<clang::TypedefNameDecl>(d))
      if (std::optional<CarriedTypedef> carried = carried_c_typedef(t)) {
        if (!carried->header.empty()) includes.add(carried->header);
        if (!carried->line.empty()) includes.add_line(carried->line);
        return true;
      }
    // A C library struct (struct tm), its member or its typedef: its definition goes along.
    if (const std::vector<std::string> definitions = carried_c_struct(d); !definitions.empty()) {
      for (const std::string& definition : definitions) includes.add_line(definition);
      return true;
    }
  }
  // One candidate of a call resolved per instantiation (an operator on a dependent type, with the
  // host's operators in scope): the call may pick another, or none (a built-in operator).
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d);
      f != nullptr && declared_for_device_by_compiler(f, sm_))
    return true;
  if (origin.toolkit_headers.empty() && origin.user_include)
    return use.overloads
               ? false
               : object(use, "'" + name_of(d) + "' is declared in <" + *origin.user_include +
                                 ">, which NVRTC cannot compile into the tuned kernel");
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d))
    if (in_device_code(use) && !use.overloads && !callable_on_device(f))
      return object(use, "'" + name_of(f) +
                             "' is a host function, which the tuned kernel (compiled by NVRTC) "
                             "cannot call");
  return true;
}

// libcu++'s counterpart stands for it: `std::` finds cuda::std in the slice.
bool DeviceUseChecks::check_standard_library(const Use& use, SliceIncludes& includes) {
  const std::vector<std::string> headers = cuda_std_headers_for(use.decl, origins_, sm_);
  // `std::printf` is <cstdio>'s `using ::printf;`, whose target the compiler declares for device
  // code; libcu++ has no cuda::std::printf, NVRTC has printf built in: the slice says the same
  // using-declaration (nccl-tests' inexact_regress prints with std::printf from a kernel). Where
  // libcu++ has the function (std::sqrt, whose float overload ::sqrt lacks), it stands for it.
  if (const auto* shadow = llvm::dyn_cast<clang::UsingShadowDecl>(use.decl);
      headers.empty() && shadow)
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(shadow->getTargetDecl());
        f != nullptr && f->getIdentifier() != nullptr &&
        f->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
        declared_for_device_by_compiler(f, sm_)) {
      includes.add_line("namespace std { using ::" + f->getName().str() + "; }");
      return true;
    }
  // `std::fma`, declared for the device by Clang's CUDA headers, absent from libcu++ 13.0: NVRTC's
  // global ::fma (and its float overload) stands for it, as nvcc's headers' do (Minimal Flash
  // Attention's kernels call std::fma).
  if (headers.empty() && device_math_without_cuda_std(use.decl, context_)) {
    includes.add_line("namespace std { using ::" +
                      llvm::cast<clang::NamedDecl>(use.decl)->getName().str() + "; }");
    return true;
  }
  // A candidate of a call resolved per instantiation (`std::operator+` for pointer arithmetic on a
  // dependent type under `using namespace std;`) is no use unless the call picks it: brought along
  // where libcu++ has it, not objected to where it has not.
  if (headers.empty() && use.overloads) return false;
  if (headers.empty()) {
    clang::FileID file = sm_.getFileID(sm_.getExpansionLoc(use.decl->getLocation()));
    std::optional<std::string> include = origins_.standard_header_of(file);
    return object(use, "'" + name_of(use.decl) + "' comes from " +
                           (include ? "<" + *include + ">" : "the C++ standard library") +
                           ", which NVRTC cannot compile into the tuned kernel, and libcu++ has "
                           "no counterpart of it in cuda::std");
  }
  for (const std::string& header : headers) includes.add(header);
  for (const std::string& line : std_from_cuda_std(use.decl)) includes.add_line(line);
  return true;
}

bool DeviceUseChecks::object(const Use& use, const std::string& message) {
  if (quiet_) return false;
  // Once per name: a class template and its specialisation are one thing to the reader.
  if (!named_.insert(name_of(use.decl)).second) return false;
  objections_.push_back({use.at,
                         message + used_in(use),
                         {{use.decl->getLocation(), "'" + name_of(use.decl) + "' declared here"}}});
  return false;
}

bool DeviceUseChecks::refuse(const Use& use, const std::string& message) {
  failed_ = true;
  if (!named_.insert(name_of(use.decl)).second) return false;
  report_.error(use.at, message + used_in(use));
  report_.note(use.decl->getLocation(), "'" + name_of(use.decl) + "' declared here");
  return false;
}

}  // namespace tiletune::tool
