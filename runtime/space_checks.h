// The build-time checks of an annotation, for the spaces the tool cannot see (a `space` built by
// C++ at run time): they run at the site's first launch instead.
#pragma once

#include <tiletune/site.h>

namespace tiletune::detail {

// Throws tiletune::Error naming the annotation's file and line when the space is empty or repeats
// a configuration, a static hint is also an axis, a `$name` the site uses is no axis, an occupancy
// is below 1, or a num_ctas is not a power of two up to 16.
void check_site_space(const SiteInfo& site);

}  // namespace tiletune::detail
