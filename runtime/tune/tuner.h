// Tuning one (site, key, context): refuse the configurations the device cannot launch, build the
// rest on the workers, measure each on the calling thread as soon as it is built, keep the
// fastest.
#pragma once

#include "tune/tuning_request.h"

namespace tiletune::detail {

// Throws tiletune::Error listing every configuration's failure when none can run. Buffers in the
// request's `restore` option hold their original contents again when it returns or throws.
TunedKernel tune(const TuningTools& tools, const TuningRequest& request);

}  // namespace tiletune::detail
