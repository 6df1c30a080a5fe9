// Tuning one (site, key, context): compile every configuration on the workers, measure each on the
// calling thread as soon as it is compiled, keep the fastest.
#pragma once

#include "device.h"
#include "runtime.h"

#include <tiletune/site.h>

namespace tiletune::detail {

struct TunedKernel {
  TuningResult result;
  FunctionHandle function = nullptr;
  int cluster = 0;
};

// What to compile for one configuration launched with `geometry` on a device of `arch`: the name
// expression with the configuration's values, and its hints (occupancy needs the block size).
CompileRequest compile_request(const SiteInfo& site, const Config& config,
                               const Geometry& geometry, int arch);

// The thread-block cluster size of a configuration (0: none).
int cluster_size(const SiteInfo& site, const Config& config);

// Throws tiletune::Error listing every configuration's failure when none can run.
TunedKernel tune(Runtime& runtime, const SiteInfo& site, const Key& key, ContextHandle context,
                 GeometryRef geometry, void** args);

}  // namespace tiletune::detail
