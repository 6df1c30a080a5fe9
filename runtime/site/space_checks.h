// The build-time checks of an annotation, for the spaces the tool cannot see (a `space` built by
// C++ at run time): they run at the site's first launch instead.
#pragma once

#include <tiletune/site_info.h>

namespace tiletune::detail {

// Throws tiletune::Error naming the annotation's file and line when the space is empty or repeats
// a configuration, a static hint is also an axis, a `$name` the site uses is no axis, or a hint's
// value breaks its rule (tiletune/rules.h: the tool's messages).
void check_site_space(const SiteInfo& site);

}  // namespace tiletune::detail
