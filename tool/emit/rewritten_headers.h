// The user's headers the rewrite writes copies of, into a directory beside its output (never into
// the user's tree): each header that holds an annotation, and each of the user's headers that
// includes one of those, so that every #include of an annotated header in the translation unit
// points at its copy, whatever the path it takes (a header included twice, through include guards
// or #pragma once, comes in once). Each translation unit gets copies of its own: a launcher
// template in a header gets the sites of the instantiations that unit makes. A system header is
// never copied (an annotation in one is left alone).
#pragma once

#include "diagnostics/diagnostics.h"
#include "preprocess/include_directives.h"
#include "preprocess/site_finder.h"

#include <clang/Basic/SourceManager.h>
#include <clang/Rewrite/Core/Rewriter.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::tool {

class RewrittenHeaders {
 public:
  struct Copy {
    clang::FileID file;  // the header's first entry, whose text the copy holds, rewritten
    std::string name;    // the copy's file name in the headers directory
    std::string tag;     // part of its sites' names ("kernels_cuh"), unique in the unit
  };

  // The headers `sites` need copied, and the #includes to point at the copies; nullopt after
  // reporting why a site's header cannot be copied (it is entered twice, or included from a file
  // the tool does not write: a system header, the compiler's -include). `directory` is the
  // headers directory as the rewritten main file names it (relative to its own directory).
  static std::optional<RewrittenHeaders> find(const clang::SourceManager& sm,
                                              const IncludeDirectives& includes,
                                              const std::vector<SiteText>& sites,
                                              const std::string& directory, Reporter& report);

  // The main file or a copy: a file whose text the rewrite writes, where generated code may go.
  bool rewrites(clang::FileID file) const;
  // The copy of `file` (any of its entries); null for the main file and any other.
  const Copy* copy_of(clang::FileID file) const;
  const std::vector<Copy>& copies() const { return copies_; }

  // Points each #include in a rewritten file that brings in a copied header at the copy. The
  // copies live elsewhere than their originals: each "..." include in them names the file it
  // found by its absolute path (an include found through -I or the system's directories is
  // found again as written).
  void redirect_includes(clang::Rewriter& rewriter) const;

 private:
  RewrittenHeaders(const clang::SourceManager& sm, const IncludeDirectives& includes,
                   std::string directory)
      : sm_(&sm), includes_(&includes), directory_(std::move(directory)) {}

  void add(const clang::FileEntry* header);

  const clang::SourceManager* sm_;
  const IncludeDirectives* includes_;
  std::string directory_;
  std::vector<Copy> copies_;
  std::map<const clang::FileEntry*, std::size_t> copy_index_;
};

}  // namespace tiletune::tool
