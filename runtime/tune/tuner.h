// Tuning one (site, key, context): refuse the configurations the device cannot launch, build
// those the search visits (tune/search/search.h) on the workers, measure each on the calling
// thread as soon as it is built, keep the fastest. And the ways to a kernel that measure nothing:
// a named configuration, or the first that builds.
#pragma once

#include "tune/tuning_request.h"

#include <string>

namespace tiletune::detail {

// The options a tuning measures with: TILETUNE_MEASURE, else the site's `measure`, `flush_l2`
// being `cold`; `flush_l2` follows `measure`.
TuningOptions with_effective_measure(TuningOptions options, const TuningSettings& settings);

// Throws tiletune::Error listing every configuration's failure when none can run. Buffers in the
// request's `restore` option hold their original contents again when it returns or throws. Under
// TILETUNE_DISABLE only the first configuration is built, and nothing is measured.
TunedKernel tune(const TuningTools& tools, const TuningRequest& request);

// The first configuration in the space's order that the device can launch and that compiles,
// loads and fits its registers, compiled on the calling thread and never launched: what runs
// where nothing may be measured. Throws like tune() when none.
TunedKernel first_runnable(const TuningTools& tools, const TuningRequest& request);

// The configuration `config`, compiled and loaded without measuring (a stored winner, the root
// rank's). Throws tiletune::Error when the device cannot launch it or it does not build.
TunedKernel load_configuration(const TuningTools& tools, const TuningRequest& request,
                               const Config& config);

// Under `verify`: `config`'s outputs checked as a tuning checks them, against the reference (the
// first configuration in the space's order that runs), without measuring. "" when they agree or
// nothing is compared, else why not. Buffers hold their original contents again afterwards.
std::string check_stored_winner(const TuningTools& tools, const TuningRequest& request,
                                const Config& config);

}  // namespace tiletune::detail
