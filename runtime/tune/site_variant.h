// A site's variant for one configuration: what to compile (the name expression with the
// configuration's values, the hints), and the cluster size it launches with.
#pragma once

#include "compile/compile_request.h"

#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>

#include <string>

namespace tiletune::detail {

// "file:line" of the site's annotation, for messages.
std::string site_location(const SiteInfo& site);

// What to compile for one configuration launched with `geometry` on a device of `arch`: the name
// expression with the configuration's values, and its hints (occupancy needs the block size).
// `key` supplies the values of Constant(...) arguments (`$#N` in the name expression).
CompileRequest compile_request(const SiteInfo& site, const Config& config, const Geometry& geometry,
                               int arch, const Key& key = Key{});

// The thread-block cluster size of a configuration (0: none).
int cluster_size(const SiteInfo& site, const Config& config);

// The least blocks per multiprocessor a configuration asks for (0: no occupancy hint).
int occupancy_of(const SiteInfo& site, const Config& config);

}  // namespace tiletune::detail
