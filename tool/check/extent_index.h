// Extents of text (a declaration's, an annotation's), each with what it is, searched by place:
// which holds a place, which begins first after it, which begin within a range. Extents at one
// scope come in the order of their text, so a search is a binary search and a short walk, not a
// walk of them all: for every site of a file of thousands of declarations, that walk made the
// tool quadratic in its annotations. Extents out of that order are searched one by one, with the
// same answers.
#pragma once

#include <clang/AST/DeclBase.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace tiletune::tool {

template <typename What>
class ExtentIndex {
 public:
  struct Extent {
    clang::SourceLocation begin, end;  // both in the text (file or expansion locations)
    What what{};
  };

  // `extents` in their own order (the declarations', the sites'), which the answers keep.
  ExtentIndex(const clang::SourceManager& sm, std::vector<Extent> extents)
      : sm_(&sm), extents_(std::move(extents)) {
    for (std::size_t i = 0; i < extents_.size(); ++i) {
      if (i > 0 && before(extents_[i].begin, extents_[i - 1].begin)) in_text_order_ = false;
      latest_end_.push_back(i > 0 && before(extents_[i].end, latest_end_[i - 1])
                                ? latest_end_[i - 1]
                                : extents_[i].end);
    }
  }

  const std::vector<Extent>& extents() const { return extents_; }

  // The first extent that holds `at` (begin <= at <= end), or null.
  const Extent* holding(clang::SourceLocation at) const {
    const Extent* found = nullptr;
    // Back from the last that began by `at`, until none before reaches it; the earliest found is
    // the first.
    for (std::size_t i = begun_by(at); i > 0; --i) {
      if (in_text_order_ && before(latest_end_[i - 1], at)) break;
      const Extent& e = extents_[i - 1];
      if (!before(at, e.begin) && !before(e.end, at)) found = &e;
    }
    return found;
  }

  // The first extent that begins after `at`, or null.
  const Extent* first_after(clang::SourceLocation at) const {
    if (!in_text_order_) {
      for (const Extent& e : extents_)
        if (before(at, e.begin)) return &e;
      return nullptr;
    }
    std::size_t const i = begun_by(at);
    return i == extents_.size() ? nullptr : &extents_[i];
  }

  // The extents that begin within [from, to], in their order.
  std::vector<const Extent*> beginning_within(clang::SourceLocation from,
                                              clang::SourceLocation to) const {
    std::vector<const Extent*> out;
    std::size_t i = 0, end = extents_.size();
    if (in_text_order_) {
      i = begun_by(from);
      while (i > 0 && !before(extents_[i - 1].begin, from)) --i;  // those beginning at `from`
      end = begun_by(to);
    }
    for (; i < end; ++i)
      if (!before(extents_[i].begin, from) && !before(to, extents_[i].begin))
        out.push_back(&extents_[i]);
    return out;
  }

 private:
  bool before(clang::SourceLocation a, clang::SourceLocation b) const {
    return sm_->isBeforeInTranslationUnit(a, b);
  }

  // One past the last extent that begins at or before `at` (in text order only; else all).
  std::size_t begun_by(clang::SourceLocation at) const {
    if (!in_text_order_) return extents_.size();
    auto past = std::partition_point(extents_.begin(), extents_.end(),
                                     [&](const Extent& e) { return !before(at, e.begin); });
    return static_cast<std::size_t>(past - extents_.begin());
  }

  const clang::SourceManager* sm_;
  std::vector<Extent> extents_;
  bool in_text_order_ = true;  // no extent begins before the one ahead of it
  // The latest end among extents_[0..i]: where a walk back can stop.
  std::vector<clang::SourceLocation> latest_end_;
};

// Declarations at one scope, by the extents of their text.
using DeclarationExtents = ExtentIndex<const clang::Decl*>;

}  // namespace tiletune::tool
