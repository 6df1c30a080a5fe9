#include "slice/slicer.h"

#include "preprocess/register_limit.h"
#include "slice/c_library_macros.h"
#include "slice/chunk_conditionals.h"
#include "slice/constant_entry.h"
#include "slice/declaration_units.h"
#include "slice/declaration_uses.h"
#include "slice/device_branch_names.h"
#include "slice/device_conditionals.h"
#include "slice/device_lambdas.h"
#include "slice/device_use_checks.h"
#include "slice/gnu_arrays.h"
#include "slice/header_origin.h"
#include "slice/host_members.h"
#include "slice/include_policy.h"
#include "slice/internal_symbols.h"
#include "slice/lambda_closures.h"
#include "slice/launch_bounds_parameters.h"
#include "slice/macro_definitions.h"
#include "slice/source_chunks.h"
#include "slice/standard_library.h"
#include "slice/virtual_calls.h"
#include "source_text/code_writer.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/Path.h>
#include <tiletune/rules.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace tiletune::tool {
namespace {

// What the slice copies and includes.
struct SliceContents {
  std::set<const clang::Decl*> units;        // at namespace scope, from the user's files
  std::set<const clang::Decl*> out_of_line;  // member definitions outside their class
  // The lambdas' closure types the site's template arguments name, written out at the end.
  std::vector<const clang::CXXRecordDecl*> closures;
  SliceIncludes includes;
};

// The lexical namespaces around a piece: an out-of-line member's, not its class's.
std::vector<const clang::NamespaceDecl*> namespaces_of(const clang::Decl* d) {
  std::vector<const clang::NamespaceDecl*> chain;
  for (const clang::DeclContext* dc = d->getLexicalDeclContext(); dc; dc = dc->getLexicalParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) chain.push_back(ns);
  std::reverse(chain.begin(), chain.end());
  return chain;
}

// Closes the namespaces of `open` that `want` does not share and opens the rest of `want`. An
// anonymous namespace in `named` is written as the standard defines it, a namespace of a unique
// name and a using-directive (internal_symbols.h), the directive at its first opening.
std::string reopen_namespaces(std::vector<const clang::NamespaceDecl*>& open,
                              const std::vector<const clang::NamespaceDecl*>& want,
                              std::map<const clang::NamespaceDecl*, bool>& named) {
  std::size_t common = 0;
  while (common < open.size() && common < want.size() &&
         open[common]->getFirstDecl() == want[common]->getFirstDecl())
    ++common;
  std::string out;
  for (std::size_t n = open.size(); n > common; --n) out += "}\n";
  for (std::size_t n = common; n < want.size(); ++n) {
    const clang::NamespaceDecl* ns = want[n];
    std::string name = ns->isAnonymousNamespace() ? std::string() : ns->getNameAsString() + " ";
    if (auto unnamed = named.find(ns->getFirstDecl()); unnamed != named.end()) {
      const std::string unique = kUnnamedNamespaceName;
      name = unique + " ";
      if (!unnamed->second) out += "namespace " + unique + " {}\nusing namespace " + unique + ";\n";
      unnamed->second = true;  // the directive once, at the first opening
    }
    out += ns->isInline() ? "inline namespace " : "namespace ";
    out += name + "{\n";
  }
  open = want;
  return out;
}

// Clang marks constexpr functions __host__ __device__ implicitly; NVRTC, unlike nvcc with
// --expt-relaxed-constexpr, calls no host function from device code: the slice says so.
void mark_constexpr(const clang::Decl* d, SourceEdits& edits) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    const auto* device = f->getAttr<clang::CUDADeviceAttr>();
    if (f->isConstexpr() && (!device || device->isImplicit()) && !f->isImplicit())
      edits.insert_before(f->getInnerLocStart(), "__host__ __device__ ");
    return;
  }
  const clang::CXXRecordDecl* record = llvm::dyn_cast<clang::CXXRecordDecl>(d);
  if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) record = t->getTemplatedDecl();
  if (!record || !record->hasDefinition() || record->getDefinition() != record) return;
  for (const clang::Decl* member : record->decls())
    if (!member->isImplicit()) mark_constexpr(member, edits);
}

class Slicer {
 public:
  Slicer(clang::ASTContext& context, const FileScan& scan, const PreprocessorRecord& preprocessor,
         Reporter& report)
      : context_(context),
        sm_(context.getSourceManager()),
        scan_(scan),
        preprocessor_(preprocessor),
        report_(report),
        origins_(sm_, preprocessor) {}

  std::optional<Slice> run(const clang::FunctionDecl* kernel,
                           const std::vector<unsigned>& constant_params, bool bounded_block,
                           const std::vector<Use>& argument_uses) {
    // A kernel's own bounds or register limit stand: NVRTC takes no second bounds beside them.
    bounded_block_ = bounded_block && !kernel->hasAttr<clang::CUDALaunchBoundsAttr>() &&
                     !register_limit(kernel, preprocessor_);
    Slice slice;
    std::optional<SliceContents> contents = collect(kernel, argument_uses, slice);
    SourceEdits edits(context_);
    // Every variable that cannot be shared is reported, whatever else was.
    if (!externalize_shared(slice.shared_with_host, edits) || !contents) return std::nullopt;
    add_using_directives(*contents);
    std::string entry;
    if (!constant_params.empty()) {
      std::optional<std::string> text =
          constant_entry(kernel, constant_params, bounded_block_, edits, report_);
      if (!text) return std::nullopt;
      entry = *text;
      slice.launch_bounds_arguments = bounded_block_;
    } else if (bounded_block_) {
      slice.launch_bounds_arguments = add_launch_bounds_parameters(kernel, edits);
      bounds_macro_ = !slice.launch_bounds_arguments;
      if (bounds_macro_) mark_launch_bounds(kernel, edits);
    }
    slice.source = write(kernel, *contents, edits, entry);
    slice.includes_header_library =
        std::any_of(contents->includes.headers().begin(), contents->includes.headers().end(),
                    [](const std::string& header) { return in_nvrtc_header_library(header); });
    return slice;
  }

 private:
  // Everything the kernel and the site's template arguments use from the user's files,
  // transitively, each use checked; nullopt when one cannot go into the slice (reported).
  std::optional<SliceContents> collect(const clang::FunctionDecl* kernel,
                                       const std::vector<Use>& argument_uses, Slice& slice) {
    SliceContents contents;
    DeviceUseChecks checks(context_, origins_, scan_.host_symbol_accesses(), report_);
    DeviceBranchNames device_branches(context_, preprocessor_);
    std::vector<const clang::Decl*> work{unit_of(kernel)};
    std::vector<const clang::Decl*> members;  // host-only members that carried code names
    auto skipped = [&](const clang::Decl* d) { return host_members_.skipped(d); };
    std::vector<Objection> arrays;
    std::function<void(const std::vector<Use>&)> follow_uses;
    auto follow = [&](const clang::Decl* piece) {
      for (Objection& o : gnu_array_objections(piece, skipped)) arrays.push_back(std::move(o));
      std::vector<Use> uses = uses_in(piece, skipped);
      for (Use& use : device_branches.uses_in(piece)) uses.push_back(use);
      follow_uses(uses);
    };
    for (const Use& use : argument_uses) {
      // A lambda's closure type is written out at the end. One it cannot be has no spelling for
      // NVRTC either: the site reports it (report_unspellable) before it slices.
      if (const clang::CXXRecordDecl* closure = lambda_closure(use.decl)) {
        if (closure_unsupported(closure).empty() &&
            std::find(contents.closures.begin(), contents.closures.end(), closure) ==
                contents.closures.end())
          contents.closures.push_back(closure);
        continue;
      }
      if (checks.check(use, contents.includes) && from_user_file(sm_, use.decl))
        work.push_back(unit_of(use.decl));
    }
    follow_uses = [&](const std::vector<Use>& uses) {
      for (const Use& use : uses) {
        if (in_c_macro_with_device_definition(sm_, context_.getLangOpts(), use.at)) continue;
        // Declared in a branch of a device conditional: the slice carries the whole group and
        // NVRTC takes the device branch, so the host declaration's uses say nothing. One local
        // to a function is in that function's text already.
        if (declared_in_device_conditional(use.decl)) {
          if (const clang::Decl* declared = unit_of(use.decl)) contents.units.insert(declared);
          continue;
        }
        // Used inside a device conditional: in a branch NVRTC may not take (`#ifndef
        // __CUDA_ARCH__` around a print), so what it names comes along only if it can, unobjected.
        bool const maybe_skipped = in_device_conditional(use.at);
        if (!maybe_skipped)
          if (const clang::Decl* member = host_members_.keep(use.decl)) members.push_back(member);
        if (!checks.check(use, contents.includes, maybe_skipped)) continue;
        if (from_user_file(sm_, use.decl)) work.push_back(unit_of(use.decl));
      }
    };
    for (const clang::CXXRecordDecl* closure : contents.closures)
      follow_uses(closure_uses(closure));
    while (!work.empty() || !members.empty()) {
      if (!members.empty()) {
        const clang::Decl* member = members.back();
        members.pop_back();
        for (const clang::Decl* piece : pieces_of(sm_, member)) follow(piece);
        continue;
      }
      const clang::Decl* unit = work.back();
      work.pop_back();
      if (!unit || !from_user_file(sm_, unit) || !contents.units.insert(unit).second) continue;
      // An explicit or partial specialisation is a unit of its own, and needs its primary.
      if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(unit))
        work.push_back(spec->getSpecializedTemplate());
      if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(unit))
        if (const clang::FunctionTemplateDecl* primary = f->getPrimaryTemplate())
          work.push_back(primary);
      for (const clang::Decl* piece : pieces_of(sm_, unit)) {
        follow(piece);
        for (const clang::Decl* more : companions_of(sm_, piece, contents.out_of_line))
          work.push_back(more);
      }
    }
    slice.shared_with_host = checks.shared_with_host();
    slice.objections = checks.objections();
    slice.objections.insert(slice.objections.end(), arrays.begin(), arrays.end());
    if (checks.failed()) return std::nullopt;
    if (const std::optional<ForeignVirtualCall> call = foreign_virtual_call(contents.units)) {
      report_.error(call->at, foreign_virtual_call_error(*call));
      return std::nullopt;
    }
    return contents;
  }

  // The shared variables of internal linkage get external linkage in the slice, where the runtime
  // then finds them by a fixed name (internal_symbols.h); false after reporting one it cannot.
  bool externalize_shared(const std::vector<const clang::VarDecl*>& shared, SourceEdits& edits) {
    std::set<const clang::NamespaceDecl*> unnamed;
    bool ok = true;
    for (const clang::VarDecl* v : shared) {
      if (v->isExternallyVisible()) continue;
      if (!slice_can_externalize(v)) {
        report_.error(v->getLocation(),
                      "'" + v->getQualifiedNameAsString() +
                          "' is reached from host code through the runtime API and has internal "
                          "linkage, which tiletune carries into the tuned kernel only for a "
                          "plain variable at namespace scope, not a template's; give it external "
                          "linkage (no `static`, no anonymous namespace)");
        ok = false;
        continue;
      }
      ok = externalize(v, edits, unnamed, report_) && ok;
    }
    for (const clang::NamespaceDecl* ns : unnamed) unnamed_.emplace(ns, false);
    return ok;
  }

  // `using namespace N;` at namespace scope in a user file, where the slice has something from N:
  // nothing names the directive, but unqualified names in the sliced text rely on it.
  void add_using_directives(SliceContents& contents) {
    for (const clang::UsingDirectiveDecl* directive : scan_.user_using_directives()) {
      const clang::NamespaceDecl* nominated = directive->getNominatedNamespace();
      if (nominated && slice_uses(nominated, contents)) contents.units.insert(directive);
    }
  }

  // The slice has a unit from `ns` (a user namespace) or includes the header that declares it.
  bool slice_uses(const clang::NamespaceDecl* ns, const SliceContents& contents) const {
    if (from_user_file(sm_, ns)) {
      for (const clang::Decl* unit : contents.units)
        for (const clang::DeclContext* c = unit->getDeclContext(); c; c = c->getParent())
          if (const auto* n = llvm::dyn_cast<clang::NamespaceDecl>(c))
            if (n->getFirstDecl() == ns->getFirstDecl()) return true;
      return false;
    }
    // `using namespace std;`: std finds cuda::std in the slice when the kernel uses std::.
    if (in_namespace_std(ns) || ns->isStdNamespace())
      return std::any_of(contents.includes.lines().begin(), contents.includes.lines().end(),
                         maps_std_to_cuda_std);
    HeaderOrigin origin = origins_.origin_of(sm_.getFileID(sm_.getExpansionLoc(ns->getLocation())));
    return std::any_of(origin.toolkit_headers.begin(), origin.toolkit_headers.end(),
                       [&](const std::string& h) { return contents.includes.contains(h); });
  }

  std::vector<Chunk> chunks(const SliceContents& contents) const {
    std::vector<const clang::Decl*> pieces;
    for (const clang::Decl* d : contents.out_of_line)
      if (!host_members_.dropped_out_of_line(d)) pieces.push_back(d);
    for (const clang::Decl* unit : contents.units)
      for (const clang::Decl* piece : pieces_of(sm_, unit)) pieces.push_back(piece);
    return chunks_of(std::move(pieces), context_);
  }

  bool in_device_conditional(clang::SourceLocation at) const {
    at = sm_.getExpansionLoc(at);
    return at.isValid() && !sm_.isInSystemHeader(at) &&
           preprocessor_.device_conditional_at(at) != nullptr;
  }

  bool declared_in_device_conditional(const clang::Decl* d) const {
    if (!from_user_file(sm_, d)) return false;
    clang::SourceLocation at = sm_.getExpansionLoc(d->getBeginLoc());
    if (sm_.isInSystemHeader(at)) return false;
    const DeviceConditional* group = preprocessor_.device_conditional_at(at);
    return group && has_other_branches(*group, sm_);
  }

  // The device source: the includes, then each chunk in its namespaces with the macros it needs
  // and a #line at its start, the entry kernel after the kernel's last chunk.
  std::string write(const clang::FunctionDecl* kernel, SliceContents& contents, SourceEdits& edits,
                    const std::string& entry) {
    std::vector<Chunk> all = chunks(contents);
    for (const Chunk& c : all) {
      for (const clang::Decl* d : c.decls) {
        mark_constexpr(d, edits);
        drop_device_lambda_annotations(d, edits);
        host_members_.drop_from(d, edits);
      }
      for (const auto& [begin, end] : partial_conditional_text(
               sm_.getBufferData(c.file), c.begin, c.end, preprocessor_.skipped_ranges(c.file)))
        edits.blank(c.file, begin, end);
    }
    MacroDefinitions macros(context_, preprocessor_, origins_);
    macros.add_headers_of_macros(all, contents.includes);

    std::string out = "// Device source sliced by tiletune.\n";
    for (const std::string& header : contents.includes.headers())
      out += "#include <" + header + ">\n";
    out += macros.device_include_conditionals();
    for (const std::string& line : contents.includes.lines()) out += line + "\n";
    if (bounds_macro_) out += launch_bounds_default();
    std::vector<const clang::NamespaceDecl*> open;
    std::size_t const kernel_chunk = last_chunk_of(kernel, all);
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Chunk& chunk = all[i];
      out += reopen_namespaces(open, namespaces_of(chunk.first), unnamed_);
      // Declared under #ifdef __CUDA_ARCH__ and the like: the parse saw the host branch's
      // declaration, so the whole group goes in, for NVRTC to take the device one.
      if (const DeviceConditional* group = macros.device_conditional_around(chunk)) {
        if (std::optional<std::string> directives = macros.directives_for_whole(*group)) {
          clang::PresumedLoc at = sm_.getPresumedLoc(
              sm_.getLocForStartOfFile(group->file).getLocWithOffset(group->begin));
          out += *directives;
          out += line_directive(at.getLine(), llvm::sys::path::filename(at.getFilename()));
          out += whole_text_of(*group, sm_);
        }
        if (i == kernel_chunk) out += entry;
        continue;
      }
      out += macros.directives_for(chunk);
      clang::PresumedLoc where =
          sm_.getPresumedLoc(sm_.getLocForStartOfFile(chunk.file).getLocWithOffset(chunk.begin));
      // The file's name, not its path: the slice ships inside the program, and a path would
      // name the build machine's directories (NVRTC's messages still say which file).
      out += line_directive(where.getLine(), llvm::sys::path::filename(where.getFilename()));
      out += std::string(where.getColumn() - 1, ' ') + edits.text_of(chunk) + "\n";
      if (i == kernel_chunk) out += entry;
    }
    out += reopen_namespaces(open, {}, unnamed_);
    // At global scope, where the name expression names them.
    for (const clang::CXXRecordDecl* closure : contents.closures)
      out += macros.directives_for(closure_chunk(closure)) + closure_definition(closure);
    return out;
  }

  // Where the kernel cannot take its launch bounds as template parameters, its definition
  // carries them as rules::kLaunchBoundsMacro: written before its first declaration specifier
  // (usually the
  // `__global__` macro), where an attribute may go, unless a macro there also spells the
  // `template` line.
  void mark_launch_bounds(const clang::FunctionDecl* kernel, SourceEdits& edits) {
    const clang::FunctionDecl* definition = kernel->getDefinition();
    if (definition == nullptr) definition = kernel;
    const clang::SourceLocation start = sm_.getExpansionLoc(definition->getInnerLocStart());
    if (start.isInvalid()) return;
    if (llvm::StringRef(sm_.getCharacterData(start)).starts_with("template")) return;
    edits.insert_before(start, std::string(rules::kLaunchBoundsMacro) + " ");
  }

  // Empty unless the runtime defines it; the build-time NVRTC check compiles it empty.
  static std::string launch_bounds_default() {
    const std::string name = rules::kLaunchBoundsMacro;
    return "#ifndef " + name + "\n#define " + name + "\n#endif\n";
  }

  static std::size_t last_chunk_of(const clang::FunctionDecl* kernel,
                                   const std::vector<Chunk>& all) {
    const clang::Decl* unit = unit_of(kernel)->getCanonicalDecl();
    std::size_t last = 0;
    for (std::size_t i = 0; i < all.size(); ++i)
      for (const clang::Decl* d : all[i].decls)
        if (d->getCanonicalDecl() == unit) last = i;
    return last;
  }

  clang::ASTContext& context_;
  const clang::SourceManager& sm_;
  const FileScan& scan_;
  const PreprocessorRecord& preprocessor_;
  bool bounded_block_ = false;  // the block size is fixed per configuration
  bool bounds_macro_ = false;   // the kernel carries rules::kLaunchBoundsMacro
  Reporter& report_;
  HeaderOrigins origins_;
  HostMembers host_members_;
  // Anonymous namespaces written with a name (internal_symbols.h), and whether one was opened.
  std::map<const clang::NamespaceDecl*, bool> unnamed_;
};

std::string namespace_prefix(const clang::FunctionDecl* kernel) {
  std::vector<std::string> names;
  for (const clang::DeclContext* dc = kernel->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (!ns->isAnonymousNamespace() && !ns->isInline()) names.push_back(ns->getNameAsString());
  std::string out;
  for (auto it = names.rbegin(); it != names.rend(); ++it) out += *it + "::";
  return out;
}

}  // namespace

std::optional<Slice> slice_kernel(const clang::FunctionDecl* kernel,
                                  const std::vector<unsigned>& constant_params, bool bounded_block,
                                  clang::ASTContext& context, const FileScan& scan,
                                  const PreprocessorRecord& preprocessor, Reporter& report,
                                  const std::vector<Use>& argument_uses) {
  return Slicer(context, scan, preprocessor, report)
      .run(kernel, constant_params, bounded_block, argument_uses);
}

std::string constant_entry_name(const clang::FunctionDecl* kernel) {
  return namespace_prefix(kernel) + "tt_entry_" + kernel->getNameAsString();
}

std::string qualified_kernel_name(const clang::FunctionDecl* kernel) {
  return namespace_prefix(kernel) + kernel->getNameAsString();
}

}  // namespace tiletune::tool
