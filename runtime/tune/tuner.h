// Tuning one (site, key, context): filter configurations by the device's limits, compile the rest
// on the workers, measure each on the calling thread as soon as it is compiled, keep the fastest.
#pragma once

#include "device/device.h"
#include "runtime.h"

#include <tiletune/function_refs.h>
#include <tiletune/site_info.h>
#include <tiletune/tuning_options.h>
#include <tiletune/tuning_result.h>

#include <optional>
#include <string>

namespace tiletune::detail {

struct TunedKernel {
  TuningResult result;
  FunctionHandle function = nullptr;
  int cluster = 0;
};

// What to compile for one configuration launched with `geometry` on a device of `arch`: the name
// expression with the configuration's values, and its hints (occupancy needs the block size).
// `key` supplies the values of Constant(...) arguments (`$#N` in the name expression).
CompileRequest compile_request(const SiteInfo& site, const Config& config, const Geometry& geometry,
                               int arch, const Key& key = Key{});

// The thread-block cluster size of a configuration (0: none).
int cluster_size(const SiteInfo& site, const Config& config);

// Why the device cannot launch this configuration at all (block size, shared memory, cluster shape
// or support), or nullopt. Checked before anything is compiled.
std::optional<std::string> device_limit_violation(const DeviceInfo& device,
                                                  const Geometry& geometry, int cluster);

// Throws tiletune::Error listing every configuration's failure when none can run. Buffers in
// `options.restore` hold their original contents again when it returns or throws.
// `arguments` rewrites the per-configuration arguments in `args` before each configuration runs.
TunedKernel tune(Runtime& runtime, const SiteInfo& site, const Key& key, ContextHandle context,
                 GeometryRef geometry, void** args, const TuningOptions& options,
                 ArgumentsRef arguments = {});

// The stored winner `config`, compiled and loaded without measuring. Throws tiletune::Error.
TunedKernel load_configuration(Runtime& runtime, const SiteInfo& site, const Key& key,
                               ContextHandle context, GeometryRef geometry, const Config& config);

}  // namespace tiletune::detail
