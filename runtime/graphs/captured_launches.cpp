#include "graphs/captured_launches.h"

#include "text/site_text.h"
#include "tune/stored_winner.h"

#include <tiletune/error.h>
#include <tiletune/graphs.h>

#include <algorithm>
#include <exception>
#include <list>
#include <set>
#include <utility>

namespace tiletune::detail {
namespace {

// Every recorded launch, in the order captured. A list: update() holds references across the
// device's calls, and graphs go on other threads.
struct Registry {
  std::mutex mutex;
  std::list<CapturedLaunch> launches;
  std::set<GraphHandle> watched;  // graphs whose destruction forgets their launches
};

Registry& registry() {
  static Registry* r = new Registry;  // outlives every static Site, whose destructor forgets here
  return *r;
}

// Why `w`'s launch, captured, cannot be pointed at another configuration, or "".
std::string not_updatable(const Winner& w, const SiteInfo& site, bool per_config_arguments) {
  if (per_config_arguments)
    return "its arguments differ per configuration, and the node holds the provisional one's";
  if (!w.symbols.empty())
    return "the site's shared variables are copied to and from the provisional configuration's "
           "module around it";
  if (site.space.configurations().size() > kRecordedGeometriesUpTo)
    return "the space has more than " + std::to_string(kRecordedGeometriesUpTo) +
           " configurations, whose launch geometries are not recorded at a capture";
  return "";
}

// Says once why `launch` stays provisional.
void say_why_not(CapturedLaunch& launch, const std::string& why) {
  if (launch.said) return;
  launch.said = true;
  launch.log.line(LogLevel::notice, results_site_name(*launch.site) + ": a launch of key (" +
                                        key_values(launch.key, ", ") + ") captured with " +
                                        launch.site->space.describe(launch.provisional_config) +
                                        " stays so in its graphs: " + why +
                                        "; capture it again to launch the winner");
}

}  // namespace

void record_captured_launch(Device& device, const Logger& log, const void* owner,
                            const SiteInfo& site, const WinnerTable<Winner>& winners,
                            const Winner& w, GeometryRef geometry, bool per_config_arguments,
                            CUstream stream) {
  const CapturedNode captured = device.last_captured_node(stream);
  if (!captured.node) return;
  CapturedLaunch launch;
  launch.device = &device;
  launch.captured = captured;
  launch.owner = owner;
  launch.site = &site;
  launch.winners = &winners;
  launch.key = w.key;
  launch.context = w.context;
  launch.hash = w.hash;
  launch.provisional = w.function;
  launch.provisional_config = w.config;
  launch.cluster = w.cluster;
  launch.log = log;
  launch.not_updatable = not_updatable(w, site, per_config_arguments);
  if (launch.not_updatable.empty())
    for (const Config& config : site.space.configurations()) {
      try {
        launch.geometries.emplace_back(geometry(config));
      } catch (const std::exception&) {  // a value that cannot launch: that one cannot win
        launch.geometries.emplace_back();
      }
    }
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (r.watched.insert(captured.graph).second &&
      !device.when_destroyed(captured.graph, [graph = captured.graph] {
        Registry& r = registry();
        std::lock_guard lock(r.mutex);
        r.launches.remove_if([&](const CapturedLaunch& l) { return l.captured.graph == graph; });
        r.watched.erase(graph);
      }))
    r.watched.erase(captured.graph);
  r.launches.push_back(std::move(launch));
}

void forget_captured_launches(const void* owner) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.launches.remove_if([&](const CapturedLaunch& l) { return l.owner == owner; });
}

int update_captured_launches(GraphExecHandle exec, GraphHandle graph) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  int changed = 0;
  // The graph's kernel nodes now, per device: a node recorded from an earlier graph at the same
  // address is not among them, and one the application changed since launches another function.
  std::map<Device*, std::map<GraphNodeHandle, FunctionHandle>> nodes_of;
  for (CapturedLaunch& launch : r.launches) {
    if (launch.captured.graph != graph) continue;
    auto [nodes, first] = nodes_of.try_emplace(launch.device);
    if (first)
      for (const auto& [node, function] : launch.device->kernel_nodes(graph))
        nodes->second.emplace(node, function);
    const auto node = nodes->second.find(launch.captured.node);
    if (node == nodes->second.end() || node->second != launch.provisional) continue;
    const Winner* w = find_winner(*launch.winners, launch.key, launch.context, launch.hash);
    if (!w || w->config == launch.provisional_config) continue;  // not tuned yet, or no change
    const auto updated = launch.updated.find(exec);
    if (updated != launch.updated.end() && updated->second == w->function) continue;
    if (!launch.not_updatable.empty()) {
      say_why_not(launch, launch.not_updatable);
      continue;
    }
    if (std::max(w->cluster, 1) != std::max(launch.cluster, 1)) {
      say_why_not(launch, "the winner launches clusters of " + std::to_string(w->cluster) +
                              " blocks, which a node's update cannot change");
      continue;
    }
    const std::vector<Config>& configs = launch.site->space.configurations();
    const std::size_t index = static_cast<std::size_t>(
        std::find(configs.begin(), configs.end(), w->config) - configs.begin());
    if (index >= launch.geometries.size() || !launch.geometries[index]) {
      say_why_not(launch, "the winner's launch geometry could not be computed for this launch");
      continue;
    }
    launch.device->set_kernel_node(exec, launch.captured.node, w->function,
                                   *launch.geometries[index]);
    launch.updated[exec] = w->function;
    ++changed;
  }
  return changed;
}

}  // namespace tiletune::detail

namespace tiletune {

int update_graph(CUgraphExec_st* exec, CUgraph_st* graph) {
  return detail::update_captured_launches(exec, graph);
}

}  // namespace tiletune
