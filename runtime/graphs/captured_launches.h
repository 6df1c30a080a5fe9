// The launches of provisional winners captured into CUDA graphs (first_launch/first_launch.h:
// a key first launched during capture), kept until their graph and its executables are destroyed,
// so that once the key tunes, update_graph() (include/tiletune/graphs.h) can point each executable
// graph's node at the winner. What the update needs that a node does not hold is recorded at the
// capture: the launch's geometry under every configuration, as the launch's own values gave it.
#pragma once

#include "device/device.h"
#include "first_launch/first_launch.h"
#include "log/logger.h"

#include <tiletune/function_refs.h>

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

// Spaces up to this size have every configuration's geometry recorded at a captured launch (the
// annotation's launch expressions once per configuration, and about 50 bytes each, kept as long as
// the graph); a launch captured from a larger one cannot be updated, and the log says so.
inline constexpr std::size_t kRecordedGeometriesUpTo = 4096;

// One launch of a provisional winner, captured.
struct CapturedLaunch {
  Device* device = nullptr;
  CapturedNode captured;
  const void* owner = nullptr;  // the site, which forgets its launches when it goes
  const SiteInfo* site = nullptr;
  const WinnerTable<Winner>* winners = nullptr;  // the site's, where the key's winner will be
  Key key;
  ContextHandle context = nullptr;
  std::uint64_t hash = 0;
  FunctionHandle provisional = nullptr;
  Config provisional_config;
  int cluster = 0;
  // Per configuration of the site's space, in its order (nullopt: that configuration's geometry
  // could not be computed for this launch).
  std::vector<std::optional<Geometry>> geometries;
  std::string not_updatable;  // why the node cannot be pointed at another configuration, or ""
  bool said = false;          // the log has said why not
  Logger log;
  // The executable graphs already pointed at a winner, and that winner's function.
  std::map<GraphExecHandle, FunctionHandle> updated;
};

// The launch that a provisional winner `w` of the site `owner` just made on `stream`, recorded
// if the stream is capturing and the driver says which node it added. `per_config_arguments`:
// the site rewrites arguments per configuration.
void record_captured_launch(Device& device, const Logger& log, const void* owner,
                            const SiteInfo& site, const WinnerTable<Winner>& winners,
                            const Winner& w, GeometryRef geometry, bool per_config_arguments,
                            CUstream stream);

// The launches of `owner` forgotten (the site is going).
void forget_captured_launches(const void* owner);

// update_graph() (include/tiletune/graphs.h).
int update_captured_launches(GraphExecHandle exec, GraphHandle graph);

}  // namespace tiletune::detail
