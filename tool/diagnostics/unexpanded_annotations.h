// `TILETUNE(...)` written where the macro is not defined: tiletune/tiletune.h is not included (or
// only after the annotation). Clang then reads the annotation as a call of an unknown function and
// says so once per name in it, none of which tells the user what is missing; the tool says that
// instead, at the annotation.
#pragma once

#include "preprocess/site_finder.h"

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceManager.h>

#include <vector>

namespace tiletune::tool {

// The `TILETUNE (...)` in the main file's code (not in a directive) that are none of `sites`
// (which the preprocessor expanded) nor `unrewritable`: from the name to the closing ')', as sites
// whose text is left empty.
std::vector<SiteText> unexpanded_annotations(const clang::SourceManager& sm,
                                             const clang::LangOptions& language,
                                             const std::vector<SiteText>& sites,
                                             const std::vector<UnrewritableSite>& unrewritable);

// The error for one of them.
constexpr const char* kUndefinedAnnotationMessage =
    "'TILETUNE' is not defined here: add #include <tiletune/tiletune.h> before the first "
    "annotation";

}  // namespace tiletune::tool
