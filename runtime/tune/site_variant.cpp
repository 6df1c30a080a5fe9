#include "tune/site_variant.h"

#include "instantiation/launch_bounds.h"
#include "instantiation/name_expression.h"

#include <tiletune/rules.h>

#include <algorithm>

namespace tiletune::detail {
namespace {

// The hint an axis sets for this configuration, else the site's static one (0: none).
int hint(const Space& space, const Config& config, const char* axis, int static_value) {
  int index = space.axis_index(axis);
  return index >= 0 ? static_cast<int>(config[index]) : static_value;
}

}  // namespace

std::string site_location(const SiteInfo& site) {
  return std::string(site.file) + ":" + std::to_string(site.line);
}

CompileRequest compile_request(const SiteInfo& site, const Config& config, const Geometry& geometry,
                               int arch, const Key& key) {
  // The block size is fixed per configuration: the front end sees it, and the occupancy, as
  // launch bounds where the source asks for them (launch_bounds.h).
  const int occupancy = occupancy_of(site, config);
  const LaunchBounds bounds{geometry.threads.x * geometry.threads.y * geometry.threads.z,
                            static_cast<unsigned>(std::max(occupancy, 0))};
  CompileRequest request;
  request.source = site.device_source;
  request.source_name = site.file;
  request.name_expression =
      substitute_axes(site.name_expression, site.space, config, &key, &bounds);
  request.options = site.options;
  request.arch = arch;
  request.description = site.space.describe(config);
  if (occupancy > 0) {
    request.hints.min_blocks_per_sm = bounds.min_blocks;
    request.hints.max_threads[0] = geometry.threads.x;
    request.hints.max_threads[1] = geometry.threads.y;
    request.hints.max_threads[2] = geometry.threads.z;
  }
  bool bounded = passes_launch_bounds(site.name_expression);
  if (!bounded) {
    if (std::optional<std::string> option =
            launch_bounds_option(request.source, bounds.max_threads, bounds.min_blocks)) {
      request.options.push_back(std::move(*option));
      bounded = true;
    }
  }
  // The bounds give the front end what the hints would give ptxas: no PTX edit, so NVRTC builds
  // the cubin itself (OutputKind in compile_request.h).
  if (bounded) request.hints = EntryHints{};
  return request;
}

int cluster_size(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, rules::kNumCtas, site.hints.num_ctas);
}

int occupancy_of(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, rules::kOccupancy, site.hints.occupancy);
}

}  // namespace tiletune::detail
