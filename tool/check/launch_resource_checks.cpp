#include "check/launch_resource_checks.h"

#include "annotation/evaluate.h"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>
#include <string>
#include <vector>

namespace tiletune::tool {
namespace {

// The block size of `config`, when every `threads` expression evaluates here.
std::optional<long long> block_size(const Dims& threads, const LiteralSpace& literal,
                                    const std::vector<long long>& config) {
  long long product = 1;
  for (const Expr& e : threads.exprs) {
    if (!e.tree) return std::nullopt;
    std::optional<long long> v = evaluate(*e.tree, literal.axes, config);
    if (!v) return std::nullopt;
    product *= *v;
  }
  return product;
}

// The first `extern __shared__` variable used in a body, following calls to functions defined
// in the file (each once).
class DynamicSharedUse : public clang::RecursiveASTVisitor<DynamicSharedUse> {
 public:
  const clang::VarDecl* found = nullptr;

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    if (const auto* v = llvm::dyn_cast<clang::VarDecl>(e->getDecl()))
      if (v->hasAttr<clang::CUDASharedAttr>() && v->hasExternalStorage()) found = v;
    return found == nullptr;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    const clang::FunctionDecl* definition = nullptr;
    if (callee && callee->hasBody(definition) && visited_.insert(definition).second)
      TraverseStmt(definition->getBody());
    return found == nullptr;
  }
  bool shouldVisitTemplateInstantiations() const { return false; }

 private:
  std::set<const clang::FunctionDecl*> visited_;
};

}  // namespace

void check_block_size(const Annotation& a, const LiteralSpace* literal, SiteReporter& report) {
  if (!a.threads || !literal || literal->configs.empty()) return;
  std::vector<std::string> over;  // "tile=2048: 2048 threads"
  for (const std::vector<long long>& config : literal->configs) {
    std::optional<long long> threads = block_size(*a.threads, *literal, config);
    if (!threads) return;  // known at run time only: the runtime checks it against the device
    if (*threads > kMaxThreadsPerBlock)
      over.push_back(literal->describe(config) + ": " + std::to_string(*threads) + " threads");
  }
  if (over.empty()) return;
  std::string const limit = "the most threads a block may have is " +
                            std::to_string(kMaxThreadsPerBlock) + " on every CUDA GPU";
  if (over.size() == literal->configs.size()) {
    report.error(a.threads->span, "threads exceeds 1024 for every configuration (" + over.front() +
                                      (over.size() > 1 ? "; ..." : "") + "): " + limit +
                                      ", so none could launch");
    return;
  }
  std::string named;
  for (std::size_t i = 0; i < over.size() && i < 3; ++i) named += (i ? "; " : "") + over[i];
  report.warning(a.threads->span,
                 "threads exceeds 1024 for " + std::to_string(over.size()) + " of " +
                     std::to_string(literal->configs.size()) + " configurations (" + named +
                     (over.size() > 3 ? "; ..." : "") + "): " + limit +
                     ", so tuning skips them; remove them with `where` or narrow the axis");
}

void check_dynamic_shared_memory(const Annotation& a, const clang::FunctionDecl* kernel,
                                 SiteReporter& report) {
  const clang::FunctionDecl* definition = nullptr;
  if (a.shmem || !a.call || !kernel || !kernel->hasBody(definition)) return;
  DynamicSharedUse use;
  use.TraverseStmt(definition->getBody());
  if (!use.found) return;
  report.error(a.call->callee_span,
               "'" + a.call->callee + "' uses extern __shared__ '" + use.found->getNameAsString() +
                   "', whose size is the launch's dynamic shared memory, but the annotation gives "
                   "no shmem: every configuration would launch with 0 bytes; add shmem = <bytes> "
                   "(it may use '$' values), or shmem = 0 if this launch never touches it");
  report.note(use.found->getLocation(), "declared here");
}

}  // namespace tiletune::tool
