#include "slice/slicer.h"

#include "slice/include_policy.h"
#include "slice/symbol_writes.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroInfo.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace tiletune::tool {
namespace {

// The declaration that stands at namespace scope for `d`: a member's class, a template's
// template declaration, an instantiation's pattern. Null for locals and parameters, which are
// inside some other unit's text already.
const clang::Decl* unit_of(const clang::Decl* d) {
  if (!d) return nullptr;
  if (const auto* shadow = llvm::dyn_cast<clang::UsingShadowDecl>(d)) d = shadow->getIntroducer();
  if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    if (const clang::FunctionDecl* pattern = f->getTemplateInstantiationPattern()) f = pattern;
    if (const clang::FunctionTemplateDecl* t = f->getDescribedFunctionTemplate())
      d = t;
    else
      d = f;
  } else if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
    if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(r)) {
      if (!spec->isExplicitSpecialization()) d = spec->getSpecializedTemplate();
    } else if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) {
      d = t;
    }
  } else if (const auto* c = llvm::dyn_cast<clang::EnumConstantDecl>(d)) {
    d = llvm::cast<clang::Decl>(c->getDeclContext());
  } else if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) {
    if (!v->hasGlobalStorage() || v->isStaticLocal()) return nullptr;
  } else if (llvm::isa<clang::ParmVarDecl, clang::NonTypeTemplateParmDecl,
                       clang::TemplateTypeParmDecl, clang::TemplateTemplateParmDecl>(d)) {
    return nullptr;
  }
  // Climb out of classes (members) and functions (local classes) to namespace scope.
  const clang::DeclContext* dc = d->getDeclContext();
  while (dc && !dc->isFileContext()) {
    if (llvm::isa<clang::FunctionDecl>(dc)) return nullptr;  // local to a function body
    d = llvm::cast<clang::Decl>(dc);
    if (const auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d))
      if (const clang::ClassTemplateDecl* t = r->getDescribedClassTemplate()) d = t;
    dc = d->getDeclContext();
  }
  return d;
}

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

bool in_namespace_std(const clang::Decl* d) {
  for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getParent()->getRedeclContext()->isTranslationUnit()) return ns->isStdNamespace();
  return false;
}

std::string name_of(const clang::Decl* d) {
  if (const auto* n = llvm::dyn_cast<clang::NamedDecl>(d)) return n->getQualifiedNameAsString();
  return "declaration";
}

// Every declaration a piece of user code names, with where, and in which function.
struct Use {
  const clang::Decl* decl;
  clang::SourceLocation at;
  const clang::FunctionDecl* in_function;  // null outside function bodies
};

class Collector : public clang::RecursiveASTVisitor<Collector> {
  using Base = clang::RecursiveASTVisitor<Collector>;

 public:
  explicit Collector(std::vector<Use>& uses) : uses_(uses) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(clang::Decl* d) {
    auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (f) functions_.push_back(f);
    bool ok = Base::TraverseDecl(d);
    if (f) functions_.pop_back();
    return ok;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    add(e->getFoundDecl(), e->getLocation());
    return add(e->getDecl(), e->getLocation());
  }
  bool VisitMemberExpr(clang::MemberExpr* e) { return add(e->getMemberDecl(), e->getMemberLoc()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    return add(e->getConstructor(), e->getLocation());
  }
  bool VisitOverloadExpr(clang::OverloadExpr* e) {
    for (const clang::NamedDecl* d : e->decls()) add(d, e->getNameLoc());
    return true;
  }
  bool VisitTypeLoc(clang::TypeLoc tl) {
    const clang::Type* t = tl.getTypePtr();
    clang::SourceLocation at = tl.getBeginLoc();
    if (const auto* u = llvm::dyn_cast<clang::UsingType>(t)) add(u->getDecl(), at);
    if (const auto* td = llvm::dyn_cast<clang::TypedefType>(t)) add(td->getDecl(), at);
    if (const clang::TagDecl* tag = t->getAsTagDecl()) add(tag, at);
    if (const auto* ts = llvm::dyn_cast<clang::TemplateSpecializationType>(t))
      add(ts->getTemplateName().getAsTemplateDecl(), at);
    return true;
  }
  bool TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc& arg) {
    const clang::TemplateArgument& t = arg.getArgument();
    if (t.getKind() == clang::TemplateArgument::Template ||
        t.getKind() == clang::TemplateArgument::TemplateExpansion)
      add(t.getAsTemplateOrTemplatePattern().getAsTemplateDecl(), arg.getLocation());
    return Base::TraverseTemplateArgumentLoc(arg);
  }
  bool TraverseNestedNameSpecifierLoc(clang::NestedNameSpecifierLoc nns) {
    if (nns &&
        nns.getNestedNameSpecifier().getKind() == clang::NestedNameSpecifier::Kind::Namespace)
      if (const auto* alias =
              llvm::dyn_cast<clang::NamespaceAliasDecl>(nns.castAsNamespaceAndPrefix().Namespace))
        add(alias, nns.getLocalBeginLoc());
    return Base::TraverseNestedNameSpecifierLoc(nns);
  }

 private:
  bool add(const clang::Decl* d, clang::SourceLocation at) {
    if (d) uses_.push_back({d, at, functions_.empty() ? nullptr : functions_.back()});
    return true;
  }
  std::vector<Use>& uses_;
  std::vector<const clang::FunctionDecl*> functions_;
};

// A replacement of [begin, end) in a file by `text`, applied where a piece's text is copied.
struct Edit {
  clang::FileID file;
  unsigned begin = 0, end = 0;
  std::string text;
};

// A contiguous range of one user file that the slice copies: one or more declarations whose
// ranges overlap (a declaration group, declarations from one macro expansion).
struct Chunk {
  clang::FileID file;
  unsigned begin = 0, end = 0;  // [begin, end) in the file
  const clang::Decl* first = nullptr;
  std::vector<const clang::Decl*> decls;
};

class Slicer {
 public:
  Slicer(clang::ASTContext& context, const PreprocessorRecord& preprocessor, Reporter& report)
      : context_(context),
        sm_(context.getSourceManager()),
        preprocessor_(preprocessor),
        report_(report),
        symbol_accesses_(host_symbol_accesses(context)) {}

  std::optional<std::string> run(const clang::FunctionDecl* kernel,
                                 const std::vector<unsigned>& constant_params) {
    kernel_ = kernel;
    constant_params_ = constant_params;
    std::vector<const clang::Decl*> work{unit_of(kernel)};
    while (!work.empty()) {
      const clang::Decl* unit = work.back();
      work.pop_back();
      if (!unit || !from_user_file(unit) || !units_.insert(unit).second) continue;
      for (const clang::Decl* piece : pieces_of(unit)) {
        std::vector<Use> uses;
        Collector(uses).TraverseDecl(const_cast<clang::Decl*>(piece));
        for (const Use& use : uses) {
          if (!check(use)) continue;
          if (from_user_file(use.decl)) work.push_back(unit_of(use.decl));
        }
        for (const clang::Decl* more : companions_of(piece)) work.push_back(more);
      }
    }
    if (failed_) return std::nullopt;
    add_using_directives(context_.getTranslationUnitDecl());
    if (!constant_params_.empty() && !plan_constant_entry()) return std::nullopt;
    return emit();
  }

 private:
  bool from_user_file(const clang::Decl* d) const {
    clang::SourceLocation loc = sm_.getExpansionLoc(d->getLocation());
    if (loc.isInvalid() || sm_.isInSystemHeader(loc) ||
        !sm_.getFileEntryRefForID(sm_.getFileID(loc)))
      return false;
    // tiletune's own header declares nothing a kernel uses.
    for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
        if (ns->getName() == "tiletune" && ns->getParent()->isTranslationUnit()) return false;
    return true;
  }

  // ---- what NVRTC cannot compile --------------------------------------------------------------

  bool in_device_code(const Use& use) const {
    const clang::FunctionDecl* f = use.in_function;
    return f && (f->hasAttr<clang::CUDADeviceAttr>() || f->hasAttr<clang::CUDAGlobalAttr>() ||
                 f->isConstexpr());
  }

  // False (after reporting, once per declaration) when the use cannot go into the slice.
  bool check(const Use& use) {
    const clang::Decl* d = use.decl;
    if (from_user_file(d)) return llvm::isa<clang::UsingShadowDecl>(d) || check_user(use);
    if (!d->getLocation().isValid()) return true;  // implicit: the compiler's own
    return check_system(use);
  }

  bool check_user(const Use& use) {
    const clang::Decl* d = use.decl;
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      if (in_device_code(use) && !callable_on_device(f))
        return refuse(
            use, "'" + name_of(f) +
                     "' is a host function: the tuned kernel is compiled "
                     "by NVRTC from device code only; mark it __device__ (or __host__ __device__)");
      return true;
    }
    if (const auto* v = llvm::dyn_cast<clang::VarDecl>(d)) {
      if (!v->hasGlobalStorage() || v->isStaticLocal()) return true;
      auto access = symbol_accesses_.find(v->getCanonicalDecl());
      if (access != symbol_accesses_.end()) {
        if (!refuse(use, "'" + name_of(v) + "' is reached from host code through " +
                             access->second.function +
                             ": the tuned kernel is compiled "
                             "separately by NVRTC and has its own copy of '" +
                             name_of(v) + "', which host code never sees"))
          report_.note(access->second.at, "host code uses '" + name_of(v) + "' here");
        return false;
      }
      bool device_variable =
          v->hasAttr<clang::CUDADeviceAttr>() || v->hasAttr<clang::CUDAConstantAttr>();
      bool constant = v->isConstexpr() || (v->getType().isConstQualified() &&
                                           v->getType()->isIntegralOrEnumerationType() &&
                                           v->hasConstantInitialization());
      if (in_device_code(use) && !device_variable && !constant)
        return refuse(use,
                      "'" + name_of(v) +
                          "' is a host variable, which the tuned kernel "
                          "(compiled by NVRTC) cannot read; make it constexpr or __constant__");
    }
    return true;
  }

  bool check_system(const Use& use) {
    const clang::Decl* d = use.decl;
    if (llvm::isa<clang::NamespaceDecl, clang::TemplateTypeParmDecl>(d)) return true;
    clang::SourceLocation loc = sm_.getExpansionLoc(d->getLocation());
    HeaderOrigin origin = origin_of(sm_.getFileID(loc));
    if (in_namespace_std(d)) {
      std::optional<std::string> include = standard_header_of(sm_.getFileID(loc));
      std::string message = "'" + name_of(d) + "' comes from " +
                            (include ? "<" + *include + ">" : "the C++ standard library") +
                            ", which NVRTC cannot compile into the tuned kernel";
      if (std::optional<std::string> counterpart =
              include ? cuda_std_counterpart(*include) : std::nullopt)
        message += "; use its cuda::std counterpart from <" + *counterpart + ">";
      else
        message += ", and it has no cuda::std counterpart here";
      return refuse(use, message);
    }
    if (!origin.toolkit_headers.empty()) {
      for (const std::string& header : origin.toolkit_headers) add_include(header);
    } else if (origin.user_include) {
      return refuse(use, "'" + name_of(d) + "' is declared in <" + *origin.user_include +
                             ">, which NVRTC cannot compile into the tuned kernel");
    }
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d))
      if (in_device_code(use) && !callable_on_device(f))
        return refuse(use, "'" + name_of(f) +
                               "' is a host function, which the tuned kernel "
                               "(compiled by NVRTC) cannot call");
    return true;
  }

  // The standard header that declares what is in `file`: the innermost file on the include chain
  // named as standard headers are (<vector>, <cstdint>: no extension), not its internals.
  std::optional<std::string> standard_header_of(clang::FileID file) const {
    for (int depth = 0; file.isValid() && depth < 64; ++depth) {
      clang::OptionalFileEntryRef entry = sm_.getFileEntryRefForID(file);
      if (!entry) return std::nullopt;
      llvm::StringRef name = llvm::sys::path::filename(entry->getName());
      if (!name.contains('.')) return name.str();
      clang::SourceLocation from = sm_.getIncludeLoc(file);
      if (from.isInvalid()) return std::nullopt;
      file = sm_.getFileID(sm_.getExpansionLoc(from));
    }
    return std::nullopt;
  }

  void add_include(const std::string& header) {
    if (std::find(includes_.begin(), includes_.end(), header) == includes_.end())
      includes_.push_back(header);
  }

  // How a system header came in. A header is included (guarded) once, by whichever file got there
  // first, so the chain may run through another toolkit header or the compiler's own -include;
  // the outermost NVRTC-compilable header on it is what the slice includes.
  struct HeaderOrigin {
    std::optional<std::string> user_include;   // as written in a user file, if the chain has one
    std::vector<std::string> toolkit_headers;  // NVRTC-compilable headers that provide it
  };

  // The slice includes the innermost public toolkit header on the chain (cuda_fp16.h for __half,
  // however it came in) and the user's own include when NVRTC compiles it; failing both, the
  // outermost NVRTC-compilable header on the chain.
  HeaderOrigin origin_of(clang::FileID file) const {
    HeaderOrigin origin;
    std::optional<std::string> innermost_public, outermost;
    for (int depth = 0; file.isValid() && depth < 64; ++depth) {
      clang::SourceLocation from = sm_.getIncludeLoc(file);
      if (from.isInvalid()) break;
      const IncludeDirective* directive = preprocessor_.directive_for(file);
      if (directive && nvrtc_compiles_header(directive->name)) {
        outermost = directive->name;
        if (!innermost_public && nvrtc_public_header(directive->name))
          innermost_public = directive->name;
      }
      clang::FileID includer = sm_.getFileID(sm_.getExpansionLoc(from));
      if (!sm_.getFileEntryRefForID(includer)) break;  // -include, predefines
      if (!sm_.isInSystemHeader(sm_.getLocForStartOfFile(includer))) {
        if (directive) origin.user_include = directive->name;
        break;
      }
      file = includer;
    }
    if (innermost_public) origin.toolkit_headers.push_back(*innermost_public);
    if (origin.user_include && nvrtc_compiles_header(*origin.user_include))
      origin.toolkit_headers.push_back(*origin.user_include);
    if (origin.toolkit_headers.empty() && outermost) origin.toolkit_headers.push_back(*outermost);
    return origin;
  }

  bool refuse(const Use& use, const std::string& message) {
    failed_ = true;
    // Once per name: a class template and its specialisation are one thing to the reader.
    if (!refused_.insert(name_of(use.decl)).second) return false;
    report_.error(use.at, message + (use.in_function
                                         ? " (used in '" + use.in_function->getNameAsString() + "')"
                                         : std::string()));
    report_.note(use.decl->getLocation(), "'" + name_of(use.decl) + "' declared here");
    return false;
  }

  // ---- what goes into the slice ---------------------------------------------------------------

  // `using namespace N;` at namespace scope in a user file, where the slice has something from N:
  // nothing names the directive, but unqualified names in the sliced text rely on it.
  void add_using_directives(const clang::DeclContext* dc) {
    for (const clang::Decl* d : dc->decls()) {
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
        if (from_user_file(ns)) add_using_directives(ns);
        continue;
      }
      const auto* directive = llvm::dyn_cast<clang::UsingDirectiveDecl>(d);
      if (!directive || !from_user_file(directive)) continue;
      const clang::NamespaceDecl* nominated = directive->getNominatedNamespace();
      if (!nominated) continue;
      bool wanted = false;
      if (from_user_file(nominated)) {
        for (const clang::Decl* unit : units_)
          for (const clang::DeclContext* c = unit->getDeclContext(); c && !wanted;
               c = c->getParent())
            if (const auto* n = llvm::dyn_cast<clang::NamespaceDecl>(c))
              wanted = n->getFirstDecl() == nominated->getFirstDecl();
      } else if (!in_namespace_std(nominated) && !nominated->isStdNamespace()) {
        HeaderOrigin origin =
            origin_of(sm_.getFileID(sm_.getExpansionLoc(nominated->getLocation())));
        for (const std::string& header : origin.toolkit_headers)
          wanted =
              wanted || std::find(includes_.begin(), includes_.end(), header) != includes_.end();
      }
      if (wanted) units_.insert(directive);
    }
  }

  // Every declaration of the unit in the user's files (a prototype and its definition, say), so
  // the slice declares things in the order the file does.
  std::vector<const clang::Decl*> pieces_of(const clang::Decl* unit) const {
    std::vector<const clang::Decl*> pieces;
    for (const clang::Decl* r : unit->redecls())
      if (from_user_file(r)) pieces.push_back(r);
    return pieces;
  }

  // What must come along with a piece though nothing names it: a class's out-of-line member
  // definitions, a template's explicit and partial specializations.
  std::vector<const clang::Decl*> companions_of(const clang::Decl* piece) const {
    std::vector<const clang::Decl*> out;
    const clang::CXXRecordDecl* record = llvm::dyn_cast<clang::CXXRecordDecl>(piece);
    if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(piece)) {
      record = t->getTemplatedDecl();
      llvm::SmallVector<clang::ClassTemplatePartialSpecializationDecl*, 4> partials;
      const_cast<clang::ClassTemplateDecl*>(t)->getPartialSpecializations(partials);
      for (const auto* p : partials) out.push_back(p);
      for (const auto* s : t->specializations())
        if (s->isExplicitSpecialization()) out.push_back(s);
    }
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(piece))
      for (const auto* s : t->specializations())
        if (s->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization)
          out.push_back(s);
    if (record && record->hasDefinition()) {
      for (const clang::Decl* member : record->decls()) {
        const clang::Decl* m = member;
        if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(m)) m = ft;
        for (const clang::Decl* r : m->redecls())
          if (r->isOutOfLine() && from_user_file(r)) extra_pieces_.insert(r);
      }
    }
    return out;
  }

  clang::SourceLocation begin_of(const clang::Decl* d) const {
    return sm_.getExpansionLoc(d->getSourceRange().getBegin());
  }

  // The end of the declaration's text (one past its last token, and past a ';' that ends it).
  clang::SourceLocation end_of(const clang::Decl* d) const {
    const clang::LangOptions& lang = context_.getLangOpts();
    clang::SourceLocation end = sm_.getExpansionRange(d->getSourceRange().getEnd()).getEnd();
    clang::SourceLocation after = clang::Lexer::getLocForEndOfToken(end, 0, sm_, lang);
    std::optional<clang::Token> next = clang::Lexer::findNextToken(end, sm_, lang);
    if (next && next->is(clang::tok::semi)) after = next->getEndLoc();
    return after;
  }

  // The lexical namespaces around a piece: an out-of-line member's, not its class's.
  static std::vector<const clang::NamespaceDecl*> namespaces_of(const clang::Decl* d) {
    std::vector<const clang::NamespaceDecl*> chain;
    for (const clang::DeclContext* dc = d->getLexicalDeclContext(); dc; dc = dc->getLexicalParent())
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) chain.push_back(ns);
    std::reverse(chain.begin(), chain.end());
    return chain;
  }

  std::vector<Chunk> chunks() const {
    std::vector<const clang::Decl*> pieces(extra_pieces_.begin(), extra_pieces_.end());
    for (const clang::Decl* unit : units_)
      for (const clang::Decl* piece : pieces_of(unit)) pieces.push_back(piece);
    std::sort(pieces.begin(), pieces.end(), [&](const clang::Decl* a, const clang::Decl* b) {
      return sm_.isBeforeInTranslationUnit(begin_of(a), begin_of(b));
    });
    std::vector<Chunk> out;
    for (const clang::Decl* piece : pieces) {
      clang::SourceLocation begin = begin_of(piece), end = end_of(piece);
      clang::FileID file = sm_.getFileID(begin);
      unsigned b = sm_.getFileOffset(begin);
      unsigned e = sm_.getFileID(end) == file ? sm_.getFileOffset(end) : b;
      if (!out.empty() && out.back().file == file && b < out.back().end) {
        out.back().end = std::max(out.back().end, e);
        out.back().decls.push_back(piece);
        continue;
      }
      out.push_back({file, b, std::max(b, e), piece, {piece}});
    }
    return out;
  }

  std::string text_of(const Chunk& c) const {
    llvm::StringRef buffer = sm_.getBufferData(c.file);
    std::vector<const Edit*> edits;
    for (const Edit& e : edits_)
      if (e.file == c.file && e.begin >= c.begin && e.end <= c.end) edits.push_back(&e);
    std::sort(edits.begin(), edits.end(),
              [](const Edit* a, const Edit* b) { return a->begin < b->begin; });
    std::string out;
    unsigned at = c.begin;
    for (const Edit* e : edits) {
      if (e->begin < at) continue;
      out += buffer.substr(at, e->begin - at).str() + e->text;
      at = e->end;
    }
    return out + buffer.substr(at, c.end - at).str();
  }

  bool inside(const Chunk& c, clang::SourceLocation at) const {
    if (at.isInvalid() || sm_.getFileID(at) != c.file) return false;
    unsigned offset = sm_.getFileOffset(at);
    return offset >= c.begin && offset < c.end;
  }

  // A macro's definition as a directive, or nothing for the compiler's own (NVRTC has those).
  std::optional<std::string> define_of(const std::string& name,
                                       const clang::MacroInfo* macro) const {
    if (macro->isBuiltinMacro()) return std::nullopt;
    clang::SourceLocation at = macro->getDefinitionLoc();
    if (at.isInvalid()) return std::nullopt;
    clang::PresumedLoc where = sm_.getPresumedLoc(at);
    bool command_line = where.isValid() && llvm::StringRef(where.getFilename()) == "<command line>";
    if (!sm_.getFileEntryRefForID(sm_.getFileID(at)) && !command_line) return std::nullopt;
    if (sm_.isInSystemHeader(at)) {
      if (!origin_of(sm_.getFileID(at)).toolkit_headers.empty()) return std::string();  // included
      // The toolkit's and the compiler's CUDA macros (__device__, __launch_bounds__, ...) NVRTC
      // defines itself; a C library macro (INFINITY, FLT_MAX) it may not, so it is copied.
      if (!from_c_library(at)) return std::nullopt;
    }
    clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(macro->getDefinitionEndLoc(), 0,
                                                                  sm_, context_.getLangOpts());
    llvm::StringRef body = clang::Lexer::getSourceText(
        clang::CharSourceRange::getCharRange(at, end), sm_, context_.getLangOpts());
    (void)name;
    return "#define " + body.str() + "\n";
  }

  bool from_c_library(clang::SourceLocation at) const {
    clang::OptionalFileEntryRef file = sm_.getFileEntryRefForID(sm_.getFileID(at));
    if (!file) return false;
    llvm::StringRef real = file->getFileEntry().tryGetRealPathName();
    llvm::StringRef path = real.empty() ? file->getName() : real;
    return !path.contains("/cuda") && !llvm::sys::path::filename(path).starts_with("__clang_cuda");
  }

  // Macros used by the chunk that have not been defined (as the chunk needs them) yet.
  std::string macros_for(const Chunk& c,
                         std::map<std::string, const clang::MacroInfo*>& defined) const {
    std::string out;
    for (const MacroUse& use : preprocessor_.macro_uses()) {
      if (!inside(c, use.at)) continue;
      auto it = defined.find(use.name);
      if (it != defined.end() && it->second == use.macro) continue;
      std::optional<std::string> define = define_of(use.name, use.macro);
      if (!define) continue;
      if (it != defined.end()) out += "#undef " + use.name + "\n";
      out += *define;
      defined[use.name] = use.macro;
    }
    return out;
  }

  // Macros from toolkit headers bring their header along.
  void include_headers_of_macros(const std::vector<Chunk>& all) {
    for (const MacroUse& use : preprocessor_.macro_uses()) {
      clang::SourceLocation at = use.macro->getDefinitionLoc();
      if (at.isInvalid() || !sm_.isInSystemHeader(at)) continue;
      bool used =
          std::any_of(all.begin(), all.end(), [&](const Chunk& c) { return inside(c, use.at); });
      if (!used) continue;
      for (const std::string& header : origin_of(sm_.getFileID(at)).toolkit_headers)
        add_include(header);
    }
  }

  // Constexpr functions without __device__ become __host__ __device__: NVRTC, unlike nvcc with
  // --expt-relaxed-constexpr, calls no host function from device code.
  void plan_constexpr_edits() {
    for (const Chunk& c : chunks())
      for (const clang::Decl* d : c.decls) mark_constexpr(d);
  }

  void mark_constexpr(const clang::Decl* d) {
    if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
    if (const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      // Clang marks constexpr functions __host__ __device__ implicitly; NVRTC does not.
      const auto* device = f->getAttr<clang::CUDADeviceAttr>();
      if (f->isConstexpr() && (!device || device->isImplicit()) && !f->isImplicit())
        insert_before(f->getInnerLocStart(), "__host__ __device__ ");
      return;
    }
    const clang::CXXRecordDecl* record = llvm::dyn_cast<clang::CXXRecordDecl>(d);
    if (const auto* t = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) record = t->getTemplatedDecl();
    if (!record || !record->hasDefinition() || record->getDefinition() != record) return;
    for (const clang::Decl* member : record->decls())
      if (!member->isImplicit()) mark_constexpr(member);
  }

  void insert_before(clang::SourceLocation at, const std::string& text) {
    at = sm_.getExpansionLoc(at);
    unsigned offset = sm_.getFileOffset(at);
    edits_.push_back({sm_.getFileID(at), offset, offset, text});
  }

  void replace(clang::SourceRange range, const std::string& text) {
    clang::CharSourceRange r = sm_.getExpansionRange(range);
    clang::SourceLocation end = r.isTokenRange() ? clang::Lexer::getLocForEndOfToken(
                                                       r.getEnd(), 0, sm_, context_.getLangOpts())
                                                 : r.getEnd();
    edits_.push_back({sm_.getFileID(r.getBegin()), sm_.getFileOffset(r.getBegin()),
                      sm_.getFileOffset(end), text});
  }

  std::string source_text(clang::SourceRange range) const {
    return clang::Lexer::getSourceText(sm_.getExpansionRange(range), sm_, context_.getLangOpts())
        .str();
  }

  // ---- Constant(...): the kernel becomes a force-inlined device function ----------------------

  bool plan_constant_entry() {
    const clang::FunctionDecl* definition = kernel_;
    const clang::FunctionTemplateDecl* tmpl = kernel_->getDescribedFunctionTemplate();
    for (const clang::Decl* r : unit_of(kernel_)->redecls()) {
      const clang::FunctionDecl* f =
          llvm::isa<clang::FunctionTemplateDecl>(r)
              ? llvm::cast<clang::FunctionTemplateDecl>(r)->getTemplatedDecl()
              : llvm::cast<clang::FunctionDecl>(r);
      if (!from_user_file(f)) continue;
      for (const clang::Attr* a : f->attrs()) {
        if (a->isInherited() || a->getLocation().isInvalid()) continue;
        if (llvm::isa<clang::CUDAGlobalAttr>(a)) {
          if (source_text(a->getRange()) != "__global__") {
            report_.error(a->getLocation(),
                          "Constant(...) needs the kernel's '__global__' written "
                          "as such, not through a macro, so tiletune can turn "
                          "the kernel into a device function");
            return false;
          }
          replace(a->getRange(), "__device__ __forceinline__");
        } else if (llvm::isa<clang::CUDALaunchBoundsAttr, clang::CUDAClusterDimsAttr>(a)) {
          // Kernel-only attributes move to the entry kernel.
          entry_attributes_.push_back(source_text(a->getRange()));
          replace(a->getRange(), "");
        }
      }
      for (const clang::ParmVarDecl* p : f->parameters())
        for (const clang::Attr* a : p->attrs())
          if (llvm::isa<clang::CUDAGridConstantAttr>(a) && !a->isInherited())
            replace(a->getRange(), "");
    }
    // Attributes repeated on a prototype and the definition are one attribute.
    std::sort(entry_attributes_.begin(), entry_attributes_.end());
    entry_attributes_.erase(std::unique(entry_attributes_.begin(), entry_attributes_.end()),
                            entry_attributes_.end());

    clang::PrintingPolicy policy = context_.getPrintingPolicy();
    policy.SuppressUnwrittenScope = true;
    std::string header = "template <";
    for (std::size_t i = 0; i < constant_params_.size(); ++i)
      header += (i ? ", " : "") + std::string("long long tt_constant_") + std::to_string(i);
    std::string forwarded;
    if (tmpl) {
      const clang::TemplateParameterList* params = tmpl->getTemplateParameters();
      for (unsigned i = 0; i < params->size(); ++i) {
        const clang::NamedDecl* p = params->getParam(i);
        if (p->getName().empty()) {
          report_.error(p->getLocation(),
                        "Constant(...) needs the kernel's template parameters "
                        "named, so the entry kernel can pass them on");
          return false;
        }
        header += ", " + source_text(p->getSourceRange());
        forwarded += (i ? ", " : "") + p->getNameAsString() + (p->isParameterPack() ? "..." : "");
      }
    }
    header += ">\n";

    std::string params, args;
    for (unsigned i = 0; i < definition->getNumParams(); ++i) {
      const clang::ParmVarDecl* p = definition->getParamDecl(i);
      auto constant = std::find(constant_params_.begin(), constant_params_.end(), i);
      std::string type;
      llvm::raw_string_ostream os(type);
      if (constant != constant_params_.end()) {
        p->getType().getUnqualifiedType().print(os, policy);
        args += (i ? ", " : "") + std::string("static_cast<") + type + ">(tt_constant_" +
                std::to_string(constant - constant_params_.begin()) + ")";
        continue;
      }
      std::string name =
          p->getName().empty() ? "tt_argument_" + std::to_string(i) : p->getNameAsString();
      std::string declaration = p->getName().empty() ? "" : source_text(p->getSourceRange());
      if (declaration.empty()) {
        p->getType().print(os, policy, name);
        declaration = type;
      }
      params += (params.empty() ? "" : ", ") + declaration;
      args += (i ? ", " : "") + name + (p->isParameterPack() ? "..." : "");
    }
    std::string attributes;
    for (const std::string& a : entry_attributes_) attributes += a + " ";
    std::string name = kernel_->getNameAsString();
    clang::PresumedLoc where = sm_.getPresumedLoc(sm_.getExpansionLoc(kernel_->getLocation()));
    entry_ = line_directive(where) + "// tiletune: the entry kernel for Constant(...) arguments\n" +
             header + "__global__ void " + attributes + "tt_entry_" + name + "(" + params +
             ") {\n  " + name + (tmpl ? "<" + forwarded + ">" : "") + "(" + args + ");\n}\n";
    return true;
  }

  static std::string line_directive(const clang::PresumedLoc& where) {
    std::string file;
    for (const char* c = where.getFilename(); *c; ++c) {
      if (*c == '"' || *c == '\\') file += '\\';
      file += *c;
    }
    return "#line " + std::to_string(where.getLine()) + " \"" + file + "\"\n";
  }

  std::optional<std::string> emit() {
    plan_constexpr_edits();
    std::vector<Chunk> all = chunks();
    include_headers_of_macros(all);

    std::string out = "// Device source sliced by tiletune.\n";
    for (const std::string& header : includes_) out += "#include <" + header + ">\n";
    std::map<std::string, const clang::MacroInfo*> defined;
    std::vector<const clang::NamespaceDecl*> open;
    const clang::Decl* kernel_unit = unit_of(kernel_);
    std::size_t last_kernel_chunk = 0;
    for (std::size_t i = 0; i < all.size(); ++i)
      for (const clang::Decl* d : all[i].decls)
        if (d->getCanonicalDecl() == kernel_unit->getCanonicalDecl()) last_kernel_chunk = i;

    for (std::size_t i = 0; i < all.size(); ++i) {
      const Chunk& chunk = all[i];
      std::vector<const clang::NamespaceDecl*> want = namespaces_of(chunk.first);
      std::size_t common = 0;
      while (common < open.size() && common < want.size() &&
             open[common]->getFirstDecl() == want[common]->getFirstDecl())
        ++common;
      for (std::size_t n = open.size(); n > common; --n) out += "}\n";
      for (std::size_t n = common; n < want.size(); ++n) {
        const clang::NamespaceDecl* ns = want[n];
        out += ns->isInline() ? "inline namespace " : "namespace ";
        out += ns->isAnonymousNamespace() ? std::string() : ns->getNameAsString() + " ";
        out += "{\n";
      }
      open = want;
      out += macros_for(chunk, defined);
      clang::SourceLocation begin =
          sm_.getLocForStartOfFile(chunk.file).getLocWithOffset(chunk.begin);
      clang::PresumedLoc where = sm_.getPresumedLoc(begin);
      out += line_directive(where);
      out += std::string(where.getColumn() - 1, ' ') + text_of(chunk) + "\n";
      if (i == last_kernel_chunk && !entry_.empty()) out += entry_;
    }
    for (std::size_t n = open.size(); n > 0; --n) out += "}\n";
    return out;
  }

  clang::ASTContext& context_;
  const clang::SourceManager& sm_;
  const PreprocessorRecord& preprocessor_;
  Reporter& report_;
  std::map<const clang::VarDecl*, SymbolAccess> symbol_accesses_;

  const clang::FunctionDecl* kernel_ = nullptr;
  std::vector<unsigned> constant_params_;
  std::set<const clang::Decl*> units_;
  mutable std::set<const clang::Decl*> extra_pieces_;
  std::vector<std::string> includes_;  // as written, in the order first needed
  std::vector<Edit> edits_;
  std::vector<std::string> entry_attributes_;
  std::string entry_;
  std::set<std::string> refused_;
  bool failed_ = false;
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

std::optional<std::string> slice_kernel(const clang::FunctionDecl* kernel,
                                        const std::vector<unsigned>& constant_params,
                                        clang::ASTContext& context,
                                        const PreprocessorRecord& preprocessor, Reporter& report) {
  return Slicer(context, preprocessor, report).run(kernel, constant_params);
}

std::string constant_entry_name(const clang::FunctionDecl* kernel) {
  return namespace_prefix(kernel) + "tt_entry_" + kernel->getNameAsString();
}

std::string qualified_kernel_name(const clang::FunctionDecl* kernel) {
  return namespace_prefix(kernel) + kernel->getNameAsString();
}

}  // namespace tiletune::tool
