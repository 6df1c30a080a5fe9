#include "slice/constant_entry.h"

#include "slice/declaration_units.h"
#include "slice/launch_bounds_parameters.h"
#include "source_text/code_writer.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <llvm/Support/Path.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

// The kernel's declarations in the user's files, as functions (a template's pattern).
std::vector<const clang::FunctionDecl*> user_declarations(const clang::FunctionDecl* kernel) {
  const clang::SourceManager& sm = kernel->getASTContext().getSourceManager();
  std::vector<const clang::FunctionDecl*> out;
  for (const clang::Decl* r : unit_of(kernel)->redecls()) {
    const clang::FunctionDecl* f =
        llvm::isa<clang::FunctionTemplateDecl>(r)
            ? llvm::cast<clang::FunctionTemplateDecl>(r)->getTemplatedDecl()
            : llvm::cast<clang::FunctionDecl>(r);
    if (from_user_file(sm, f)) out.push_back(f);
  }
  return out;
}

// `__global__` becomes `__device__ __forceinline__`; the kernel-only attributes move to the entry
// kernel (returned, each once); __grid_constant__, for kernel parameters only, goes. nullopt
// (after reporting) for a `__global__` that a macro spells.
std::optional<std::vector<std::string>> make_device_function(const clang::FunctionDecl* kernel,
                                                             SourceEdits& edits, Reporter& report) {
  std::vector<std::string> moved;
  for (const clang::FunctionDecl* f : user_declarations(kernel)) {
    for (const clang::Attr* a : f->attrs()) {
      if (a->isInherited() || a->getLocation().isInvalid()) continue;
      if (llvm::isa<clang::CUDAGlobalAttr>(a)) {
        if (edits.source_text(a->getRange()) != "__global__") {
          report.error(a->getLocation(),
                       "Constant(...) needs the kernel's '__global__' written as such, not "
                       "through a macro, so tiletune can turn the kernel into a device function");
          return std::nullopt;
        }
        edits.replace(a->getRange(), "__device__ __forceinline__");
      } else if (llvm::isa<clang::CUDALaunchBoundsAttr, clang::CUDAClusterDimsAttr>(a)) {
        moved.push_back(edits.source_text(a->getRange()));
        edits.replace(a->getRange(), "");
      }
    }
    for (const clang::ParmVarDecl* p : f->parameters())
      for (const clang::Attr* a : p->attrs())
        if (llvm::isa<clang::CUDAGridConstantAttr>(a) && !a->isInherited())
          edits.replace(a->getRange(), "");
  }
  // Attributes repeated on a prototype and the definition are one attribute.
  std::sort(moved.begin(), moved.end());
  moved.erase(std::unique(moved.begin(), moved.end()), moved.end());
  return moved;
}

struct EntryTemplate {
  std::string header;     // template <long long tt_constant_0, ..., the kernel's own>
  std::string forwarded;  // the kernel's own, as arguments
};

// With `bounded_block`, the launch bounds lead (launch_bounds_parameters.h).
std::optional<EntryTemplate> entry_template(const clang::FunctionDecl* kernel,
                                            std::size_t constants, bool bounded_block,
                                            const SourceEdits& edits, Reporter& report) {
  EntryTemplate out{"template <", ""};
  if (bounded_block) out.header += launch_bounds_parameters() + ", ";
  for (std::size_t i = 0; i < constants; ++i)
    out.header += (i ? ", " : "") + std::string("long long tt_constant_") + std::to_string(i);
  if (const clang::FunctionTemplateDecl* tmpl = kernel->getDescribedFunctionTemplate()) {
    const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
    for (unsigned i = 0; i < params->size(); ++i) {
      const clang::NamedDecl* p = params->getParam(i);
      if (p->getName().empty()) {
        report.error(p->getLocation(),
                     "Constant(...) needs the kernel's template parameters named, so the entry "
                     "kernel can pass them on");
        return std::nullopt;
      }
      out.header += ", " + edits.source_text(p->getSourceRange());
      out.forwarded += (i ? ", " : "") + p->getNameAsString() + (p->isParameterPack() ? "..." : "");
    }
  }
  out.header += ">\n";
  return out;
}

struct EntryParameters {
  std::string parameters;  // the entry kernel's: the kernel's without the constant ones
  std::string arguments;   // of its call to the kernel: the constants cast to the parameter types
};

EntryParameters entry_parameters(const clang::FunctionDecl* kernel,
                                 const std::vector<unsigned>& constant_params,
                                 const SourceEdits& edits) {
  clang::PrintingPolicy policy = kernel->getASTContext().getPrintingPolicy();
  policy.SuppressUnwrittenScope = true;
  EntryParameters out;
  for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
    const clang::ParmVarDecl* p = kernel->getParamDecl(i);
    auto constant = std::find(constant_params.begin(), constant_params.end(), i);
    std::string type;
    llvm::raw_string_ostream os(type);
    if (constant != constant_params.end()) {
      p->getType().getUnqualifiedType().print(os, policy);
      out.arguments += (i ? ", " : "") + std::string("static_cast<") + type + ">(tt_constant_" +
                       std::to_string(constant - constant_params.begin()) + ")";
      continue;
    }
    std::string name =
        p->getName().empty() ? "tt_argument_" + std::to_string(i) : p->getNameAsString();
    std::string declaration = p->getName().empty() ? "" : edits.source_text(p->getSourceRange());
    if (declaration.empty()) {
      p->getType().print(os, policy, name);
      declaration = type;
    }
    out.parameters += (out.parameters.empty() ? "" : ", ") + declaration;
    out.arguments += (i ? ", " : "") + name + (p->isParameterPack() ? "..." : "");
  }
  return out;
}

}  // namespace

std::optional<std::string> constant_entry(const clang::FunctionDecl* kernel,
                                          const std::vector<unsigned>& constant_params,
                                          bool bounded_block, SourceEdits& edits,
                                          Reporter& report) {
  std::optional<std::vector<std::string>> attributes = make_device_function(kernel, edits, report);
  if (!attributes) return std::nullopt;
  std::optional<EntryTemplate> tmpl =
      entry_template(kernel, constant_params.size(), bounded_block, edits, report);
  if (!tmpl) return std::nullopt;
  EntryParameters params = entry_parameters(kernel, constant_params, edits);
  std::string attribute_text;
  for (const std::string& a : *attributes) attribute_text += a + " ";
  // The entry is the kernel the front end compiles: it carries the configuration's launch bounds.
  if (bounded_block) attribute_text += launch_bounds_of_parameters() + " ";
  std::string name = kernel->getNameAsString();
  const clang::SourceManager& sm = kernel->getASTContext().getSourceManager();
  clang::PresumedLoc where = sm.getPresumedLoc(sm.getExpansionLoc(kernel->getLocation()));
  bool const is_template = kernel->getDescribedFunctionTemplate() != nullptr;
  return line_directive(where.getLine(), llvm::sys::path::filename(where.getFilename())) +
         "// tiletune: the entry kernel for Constant(...) arguments\n" + tmpl->header +
         "__global__ void " + attribute_text + "tt_entry_" + name + "(" + params.parameters +
         ") {\n  " + name + (is_template ? "<" + tmpl->forwarded + ">" : "") + "(" +
         params.arguments + ");\n}\n";
}

}  // namespace tiletune::tool
