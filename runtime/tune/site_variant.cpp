#include "tune/site_variant.h"

#include "instantiation/launch_bounds.h"
#include "instantiation/name_expression.h"

#include <tiletune/rules.h>

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
  CompileRequest request;
  request.source = site.device_source;
  request.source_name = site.file;
  request.name_expression = substitute_axes(site.name_expression, site.space, config, &key);
  request.options = site.options;
  request.arch = arch;
  request.description = site.space.describe(config);
  if (int occupancy = occupancy_of(site, config); occupancy > 0) {
    request.hints.min_blocks_per_sm = static_cast<unsigned>(occupancy);
    request.hints.max_threads[0] = geometry.threads.x;
    request.hints.max_threads[1] = geometry.threads.y;
    request.hints.max_threads[2] = geometry.threads.z;
  }
  // The block size is fixed per configuration: the front end sees it, and the occupancy, as
  // launch bounds where the source asks for them (launch_bounds.h).
  if (std::optional<std::string> bounds = launch_bounds_option(
          request.source, geometry.threads.x * geometry.threads.y * geometry.threads.z,
          request.hints.min_blocks_per_sm)) {
    request.options.push_back(std::move(*bounds));
    // The bounds give the front end what the hints would give ptxas: no PTX edit, so NVRTC
    // builds the cubin itself (OutputKind in compile_request.h).
    request.hints = EntryHints{};
  }
  return request;
}

int cluster_size(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, rules::kNumCtas, site.hints.num_ctas);
}

int occupancy_of(const SiteInfo& site, const Config& config) {
  return hint(site.space, config, rules::kOccupancy, site.hints.occupancy);
}

}  // namespace tiletune::detail
