#include "emit/rewritten_headers.h"

#include <clang/Basic/CharInfo.h>
#include <llvm/Support/Path.h>

#include <set>

namespace tiletune::tool {
namespace {

// A file of the user's the rewrite may copy: one read from disk, not from a system directory.
bool user_file(const clang::SourceManager& sm, clang::FileID file) {
  return file.isValid() && sm.getFileEntryForID(file) != nullptr &&
         !clang::SrcMgr::isSystem(sm.getFileCharacteristic(sm.getLocForStartOfFile(file)));
}

std::string name_of(const clang::SourceManager& sm, const clang::FileEntry* header) {
  clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.translateFile(header));
  return file ? llvm::sys::path::filename(file->getName()).str() : std::string();
}

}  // namespace

std::optional<RewrittenHeaders> RewrittenHeaders::find(const clang::SourceManager& sm,
                                                       const IncludeDirectives& includes,
                                                       const std::vector<SiteText>& sites,
                                                       const std::string& directory,
                                                       Reporter& report) {
  RewrittenHeaders headers(sm, includes, directory);
  const unsigned errors = report.errors();
  std::map<const clang::FileEntry*, clang::SourceLocation> first_site;
  for (const SiteText& site : sites) {
    const clang::FileID file = sm.getFileID(site.macro_begin);
    if (file == sm.getMainFileID()) continue;
    const clang::FileEntry* header = sm.getFileEntryForID(file);
    first_site.emplace(header, site.macro_begin);
    // A second entry's annotations would be sites of their own, at the same place.
    if (file != sm.translateFile(header)) {
      report.error(site.macro_begin,
                   "TILETUNE(...) in a header this translation unit enters more than once: each "
                   "entry would be a site of its own at the same place; give '" +
                       name_of(sm, header) + "' an include guard or #pragma once");
      continue;
    }
    headers.add(header);
  }
  // Whoever includes a copied header must point at the copy: the user's headers are copied too;
  // a file the tool does not write cannot be.
  std::set<const clang::FileEntry*> refused;
  for (std::size_t before = 0; before != headers.copies_.size();) {
    before = headers.copies_.size();
    for (const FoundInclude& found : includes.found()) {
      if (!headers.copy_index_.count(found.file) || headers.rewrites(found.includer)) continue;
      if (user_file(sm, found.includer)) {
        headers.add(sm.getFileEntryForID(found.includer));
        continue;
      }
      if (!refused.insert(found.file).second) continue;
      const bool from_file = sm.getFileEntryForID(found.includer) != nullptr;
      auto site = first_site.find(found.file);
      report.error(
          from_file || site == first_site.end() ? found.directive.getBegin() : site->second,
          "'" + name_of(sm, found.file) +
              "' holds TILETUNE annotations (or includes a header that does) and is "
              "included " +
              (from_file ? "here, from a system header" : "through -include") +
              ", which the tool does not rewrite: include it from your own files, "
              "which the tool rewrites with it");
    }
  }
  if (report.errors() != errors) return std::nullopt;
  return headers;
}

void RewrittenHeaders::add(const clang::FileEntry* header) {
  if (copy_index_.count(header)) return;
  const clang::FileID first = sm_->translateFile(header);
  std::string name = name_of(*sm_, header);
  // Headers of one name from different directories get apart: kernels.cuh, kernels-2.cuh.
  const llvm::StringRef stem = llvm::sys::path::stem(name),
                        extension = llvm::sys::path::extension(name);
  std::string unique = name;
  for (int n = 2;; ++n) {
    bool taken = false;
    for (const Copy& copy : copies_) taken |= copy.name == unique;
    if (!taken) break;
    unique = stem.str() + "-" + std::to_string(n) + extension.str();
  }
  std::string tag;
  for (char c : unique) tag += clang::isAsciiIdentifierContinue(c) ? c : '_';
  copy_index_.emplace(header, copies_.size());
  copies_.push_back({first, unique, tag});
}

bool RewrittenHeaders::rewrites(clang::FileID file) const {
  return file == sm_->getMainFileID() || copy_of(file) != nullptr;
}

const RewrittenHeaders::Copy* RewrittenHeaders::copy_of(clang::FileID file) const {
  auto it = copy_index_.find(sm_->getFileEntryForID(file));
  return it == copy_index_.end() ? nullptr : &copies_[it->second];
}

void RewrittenHeaders::redirect_includes(clang::Rewriter& rewriter) const {
  std::set<clang::SourceLocation> done;
  for (const FoundInclude& found : includes_->found()) {
    // A file entered twice holds the directive once: its first entry's text is what is written.
    if (!rewrites(found.includer) ||
        found.includer != sm_->translateFile(sm_->getFileEntryForID(found.includer)) ||
        !done.insert(found.directive.getBegin()).second)
      continue;
    const bool in_copy = found.includer != sm_->getMainFileID();
    auto target = copy_index_.find(found.file);
    std::string path;
    if (target != copy_index_.end())
      path = (in_copy ? "" : directory_ + "/") + copies_[target->second].name;
    else if (in_copy && !found.angled)
      path = found.path;
    else
      continue;
    rewriter.ReplaceText(found.directive, "#include \"" + path + "\"");
  }
}

}  // namespace tiletune::tool
