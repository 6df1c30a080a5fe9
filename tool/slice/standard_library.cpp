#include "slice/standard_library.h"

#include "slice/include_policy.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

namespace tiletune::tool {
namespace {

// <stdint.h>'s names, which libcu++'s <cuda/std/cstdint> defines at global scope and in cuda::std
// when compiled by NVRTC.
bool stdint_name(std::string_view name) {
  static constexpr std::array<std::string_view, 28> kNames = {
      "int8_t",        "int16_t",        "int32_t",        "int64_t",        "uint8_t",
      "uint16_t",      "uint32_t",       "uint64_t",       "int_fast8_t",    "int_fast16_t",
      "int_fast32_t",  "int_fast64_t",   "uint_fast8_t",   "uint_fast16_t",  "uint_fast32_t",
      "uint_fast64_t", "int_least8_t",   "int_least16_t",  "int_least32_t",  "int_least64_t",
      "uint_least8_t", "uint_least16_t", "uint_least32_t", "uint_least64_t", "intptr_t",
      "uintptr_t",     "intmax_t",       "uintmax_t"};
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

// <stddef.h>'s names in std, which libcu++'s <cuda/std/cstddef> declares in cuda::std.
bool stddef_name(std::string_view name) {
  return name == "size_t" || name == "ptrdiff_t" || name == "nullptr_t" || name == "max_align_t" ||
         name == "byte";
}

// NVRTC declares these at global scope with no header.
bool nvrtc_predefined(std::string_view name) { return name == "size_t" || name == "ptrdiff_t"; }

// A type NVRTC knows with no header: a builtin arithmetic type, or a pointer to one.
bool builtin_type(clang::QualType t) {
  if (const auto* p = t->getAs<clang::PointerType>()) t = p->getPointeeType();
  return t->isBuiltinType() && (t->isArithmeticType() || t->isVoidType());
}

// libcu++'s own header for each entity, by file name: cuda/std/__algorithm/min.h declares min.
// Forward declarations (__fwd/) are left out: they declare without defining.
class CudaStdIndex {
 public:
  CudaStdIndex() {
    for (const char* root : {TILETUNE_CUDA_PATH "/include/cccl/", TILETUNE_CUDA_PATH "/include/"}) {
      std::error_code ec;
      const std::string base = std::string(root) + "cuda/std";
      for (llvm::sys::fs::directory_iterator dir(base, ec), end; !ec && dir != end;
           dir.increment(ec)) {
        llvm::StringRef group = llvm::sys::path::filename(dir->path());
        if (!group.starts_with("__") || group == "__fwd") continue;
        std::error_code inner;
        for (llvm::sys::fs::directory_iterator file(dir->path(), inner), last;
             !inner && file != last; file.increment(inner)) {
          llvm::StringRef name = llvm::sys::path::filename(file->path());
          if (!name.ends_with(".h")) continue;
          by_stem_[name.drop_back(2).str()].push_back("cuda/std/" + group.str() + "/" + name.str());
        }
      }
      if (!by_stem_.empty()) {
        index_cmath_names(std::string(root) + "cuda/std/");
        break;
      }
    }
    for (auto& [stem, headers] : by_stem_) std::sort(headers.begin(), headers.end());
  }

  // Whether libcu++'s <cuda/std/cmath> declares a function `name` (cuda::std::sqrt); CUDA 13.0's
  // has no fma, fmod, remainder, ... that Clang's CUDA headers declare in std.
  bool in_cmath(llvm::StringRef name) const { return cmath_names_.count(name.str()) != 0; }

  std::vector<std::string> headers_of(llvm::StringRef name) const {
    auto found = by_stem_.find(name.str());
    if (found == by_stem_.end() && (name.ends_with("_t") || name.ends_with("_v")))
      found = by_stem_.find(name.drop_back(2).str());  // is_same_v: is_same.h
    return found == by_stem_.end() ? std::vector<std::string>{} : found->second;
  }

 private:
  // Every identifier followed by `(` in <cuda/std/cmath> and cuda/std/__cmath/*.h: the functions
  // they declare (and some they call, which are the C library's, also NVRTC's: harmless).
  void index_cmath_names(const std::string& base) {
    std::vector<std::string> files{base + "cmath"};
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator file(base + "__cmath", ec), last; !ec && file != last;
         file.increment(ec))
      files.push_back(file->path());
    for (const std::string& path : files) {
      llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text = llvm::MemoryBuffer::getFile(path);
      if (!text) continue;
      llvm::StringRef rest = (*text)->getBuffer();
      for (std::size_t i = 0; i < rest.size();) {
        if (!(std::isalpha(static_cast<unsigned char>(rest[i])) || rest[i] == '_')) {
          ++i;
          continue;
        }
        std::size_t j = i;
        while (j < rest.size() &&
               (std::isalnum(static_cast<unsigned char>(rest[j])) || rest[j] == '_'))
          ++j;
        std::size_t k = j;
        while (k < rest.size() && (rest[k] == ' ' || rest[k] == '\t')) ++k;
        if (k < rest.size() && rest[k] == '(') cmath_names_.insert(rest.slice(i, j).str());
        i = j;
      }
    }
  }

  std::map<std::string, std::vector<std::string>> by_stem_;
  std::set<std::string> cmath_names_;
};

// The entity at the level of namespace std (or one nested in it) that `d` belongs to: a member's
// class, a specialization's template.
const clang::NamedDecl* std_entity(const clang::Decl* d) {
  const clang::NamedDecl* entity = llvm::dyn_cast<clang::NamedDecl>(d);
  for (const clang::DeclContext* dc = d->getDeclContext(); dc && !dc->isFileContext();
       dc = dc->getParent())
    if (const auto* named = llvm::dyn_cast<clang::NamedDecl>(dc)) entity = named;
  if (const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(entity))
    entity = spec->getSpecializedTemplate();
  return entity;
}

// Clang's CUDA headers declare the device overloads of <cmath>'s functions in std.
bool clang_cuda_math_header(llvm::StringRef file) {
  llvm::StringRef name = llvm::sys::path::filename(file);
  return name.starts_with("__clang_cuda_") && (name.contains("math") || name.contains("cmath"));
}

}  // namespace

std::vector<std::string> std_from_cuda_std(const clang::Decl* d) {
  static const std::string kNamespace = "tiletune_cuda_std";
  const clang::NamedDecl* entity = std_entity(d);
  if (entity == nullptr || !entity->getIdentifier()) return {};  // an operator, a conversion
  // The namespace the entity is in, below std (inline ones, libstdc++'s std::__cxx11, skipped).
  std::vector<const clang::NamespaceDecl*> chain;
  for (const clang::DeclContext* dc = entity->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && !ns->isInline())
      chain.insert(chain.begin(), ns);
  if (chain.empty() || !chain.front()->isStdNamespace()) return {};
  std::string member;
  if (chain.size() == 1) {
    llvm::StringRef const name = entity->getName();
    if (name == "move" || name == "forward" || name == "initializer_list") return {};
    member = "using cuda::std::" + name.str() + ";";
  } else {
    std::string const nested = chain[1]->getName().str();
    member = "namespace " + nested + " = cuda::std::" + nested + ";";
  }
  return {"namespace " + kNamespace + " { " + member + " }",
          "namespace std { using namespace " + kNamespace + "; }"};
}

bool maps_std_to_cuda_std(const std::string& line) {
  return llvm::StringRef(line).starts_with("namespace std { using namespace ");
}

std::optional<CarriedTypedef> carried_c_typedef(const clang::TypedefNameDecl* d) {
  if (!d->getDeclContext()->getRedeclContext()->isTranslationUnit() || !d->getIdentifier())
    return std::nullopt;
  const std::string name = d->getName().str();
  if (nvrtc_predefined(name)) return CarriedTypedef{};
  if (stdint_name(name)) return CarriedTypedef{"cuda/std/cstdint", ""};
  const clang::QualType canonical = d->getUnderlyingType().getCanonicalType();
  if (!builtin_type(canonical)) return std::nullopt;
  clang::PrintingPolicy policy(d->getASTContext().getLangOpts());
  return CarriedTypedef{"", "typedef " + canonical.getAsString(policy) + " " + name + ";"};
}

namespace {

// The record a C struct's use names: the struct, its member's, or the one a typedef names.
const clang::RecordDecl* c_struct_named(const clang::Decl* d) {
  if (const auto* field = llvm::dyn_cast<clang::FieldDecl>(d)) return field->getParent();
  if (const auto* record = llvm::dyn_cast<clang::RecordDecl>(d)) return record;
  if (const auto* t = llvm::dyn_cast<clang::TypedefNameDecl>(d))
    if (const auto* r = t->getUnderlyingType().getCanonicalType()->getAs<clang::RecordType>())
      return r->getDecl();
  return nullptr;
}

bool packed_or_aligned(const clang::Decl* d) {
  return d->hasAttr<clang::PackedAttr>() || d->hasAttr<clang::AlignedAttr>() ||
         d->hasAttr<clang::MaxFieldAlignmentAttr>();
}

// Appends to `out` the definitions `record` needs, then its own; false when it is no C struct. A
// struct held by value is defined before its holder; `depth` bounds what a malformed chain costs.
bool add_c_struct(const clang::RecordDecl* record, std::vector<std::string>& out, int depth) {
  const clang::RecordDecl* d = record->getDefinition();
  if (d == nullptr || depth > 16 || !(d->isStruct() || d->isUnion()) || packed_or_aligned(d) ||
      !d->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  const clang::TypedefNameDecl* alias = d->getTypedefNameForAnonDecl();
  if (!d->getIdentifier() && alias == nullptr) return false;
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(d))
    if (!cxx->isCLike() || cxx->getNumBases() != 0) return false;
  clang::PrintingPolicy policy(d->getASTContext().getLangOpts());
  policy.SuppressTagKeyword = true;
  std::string members;
  for (const clang::FieldDecl* field : d->fields()) {
    if (field->isBitField() || !field->getIdentifier() || packed_or_aligned(field)) return false;
    clang::QualType element = field->getType().getCanonicalType();
    while (const clang::ArrayType* array = element->getAsArrayTypeUnsafe()) {
      if (!llvm::isa<clang::ConstantArrayType>(array)) return false;
      element = array->getElementType().getCanonicalType();
    }
    if (const auto* held = element->getAs<clang::RecordType>()) {
      if (!add_c_struct(held->getDecl(), out, depth + 1)) return false;
    } else if (!builtin_type(element)) {
      return false;
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    field->getType().getCanonicalType().print(os, policy, field->getName());
    members += " " + os.str() + ";";
  }
  const std::string keyword = d->isUnion() ? "union" : "struct";
  out.push_back(alias ? "typedef " + keyword + " {" + members + " } " + alias->getName().str() + ";"
                      : keyword + " " + d->getName().str() + " {" + members + " };");
  return true;
}

}  // namespace

std::vector<std::string> carried_c_struct(const clang::Decl* d) {
  const clang::RecordDecl* record = c_struct_named(d);
  std::vector<std::string> out;
  if (record == nullptr || !add_c_struct(record, out, 0)) return {};
  // A typedef of a named struct ("typedef struct timespec timespec_t;") after the struct.
  if (const auto* t = llvm::dyn_cast<clang::TypedefNameDecl>(d);
      t != nullptr && record->getDefinition()->getTypedefNameForAnonDecl() == nullptr) {
    if (!t->getDeclContext()->getRedeclContext()->isTranslationUnit() || !t->getIdentifier())
      return {};
    out.push_back("typedef " + record->getName().str() + " " + t->getName().str() + ";");
  }
  return out;
}

const CudaStdIndex& cuda_std_index() {
  static const CudaStdIndex index;
  return index;
}

bool device_math_without_cuda_std(const clang::Decl* d, clang::ASTContext& context) {
  if (const auto* t = llvm::dyn_cast_or_null<clang::FunctionTemplateDecl>(d))
    d = t->getTemplatedDecl();
  const auto* f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
  if (f == nullptr || !f->getIdentifier() ||
      !f->getDeclContext()->getRedeclContext()->isStdNamespace() ||
      cuda_std_index().in_cmath(f->getName()))
    return false;
  for (const clang::NamedDecl* global : context.getTranslationUnitDecl()->lookup(f->getDeclName()))
    if (const auto* g = llvm::dyn_cast<clang::FunctionDecl>(global);
        g != nullptr && g->hasAttr<clang::CUDADeviceAttr>())
      return true;
  return false;
}

std::vector<std::string> cuda_std_headers_for(const clang::Decl* d, const HeaderOrigins& origins,
                                              const clang::SourceManager& sm) {
  const CudaStdIndex& index = cuda_std_index();
  const clang::NamedDecl* entity = std_entity(d);
  if (entity && entity->getIdentifier()) {
    const llvm::StringRef name = entity->getName();
    if (stdint_name(name)) return {"cuda/std/cstdint"};
    if (stddef_name(name)) return {"cuda/std/cstddef"};
    if (std::vector<std::string> headers = index.headers_of(name); !headers.empty()) return headers;
  }
  // <cuda/std/cmath> only for a name it declares: libcu++ 13.0 has no fma (Clang's CUDA math
  // headers and libstdc++'s templates both declare std::fma).
  const auto unless_missing = [&](std::string header) -> std::vector<std::string> {
    if (header == "cuda/std/cmath" && entity && entity->getIdentifier() &&
        !index.in_cmath(entity->getName()))
      return {};
    return {std::move(header)};
  };
  const clang::FileID file = sm.getFileID(sm.getExpansionLoc(d->getLocation()));
  if (clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(file))
    if (clang_cuda_math_header(entry->getName())) return unless_missing("cuda/std/cmath");
  if (std::optional<std::string> header = origins.standard_header_of(file))
    if (std::optional<std::string> counterpart = cuda_std_counterpart(*header))
      return unless_missing(*counterpart);
  return {};
}

}  // namespace tiletune::tool
