// A launch site: one annotated kernel launch, its space, and the tuned winners per key. This is
// the whole runtime API the tool emits calls to; a person can write the same calls by hand.
#pragma once

#include <tiletune/error.h>
#include <tiletune/launch.h>
#include <tiletune/space.h>

#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tiletune {

class Runtime;

// Hints applied to every configuration of a site (0: not given).
struct Hints {
  int occupancy = 0;  // least blocks per multiprocessor: the compiler limits registers to allow it
  int num_ctas = 0;   // thread-block cluster size (sm_90 and later)
};

struct SiteInfo {
  const char* file = "";  // the annotation's file and line, for messages
  int line = 0;
  const char* kernel = "";           // the kernel as written at the site
  const char* device_source = "";    // self-contained source that NVRTC compiles
  const char* name_expression = "";  // the kernel to instantiate, `$name` standing for axis values
  Space space;
  Hints hints;
  std::vector<std::string> options;  // extra NVRTC options
};

// One configuration's outcome in a tuning.
struct Measurement {
  Config config;
  bool ok = false;
  double median_ms = 0;  // of the samples
  double spread = 0;     // (max - min) / median of the samples' middle half
  int samples = 0;
  int registers = -1;
  std::string failure;  // why it was not measured, when !ok
};

struct TuningResult {
  std::string site;  // "file:line"
  std::string kernel;
  Key key;
  std::vector<std::string> axis_names;
  std::vector<Measurement> measurements;  // in the space's order
  int best = -1;                          // index into measurements
  double seconds = 0;                     // wall time of the tuning
  bool tuned = true;                      // false under TILETUNE_DISABLE: the first configuration

  const Config& best_config() const { return measurements.at(static_cast<std::size_t>(best)).config; }
  // A table with one row per configuration: values, median, spread, samples, status.
  std::string table() const;
};

// Calls a geometry function without owning or copying it: no allocation on the launch path.
class GeometryRef {
 public:
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, GeometryRef>>>
  GeometryRef(const F& f)  // NOLINT: implicit on purpose, from the site's lambda
      : object_(&f), call_([](const void* o, const Config& c) -> Geometry {
          return (*static_cast<const F*>(o))(c);
        }) {}
  Geometry operator()(const Config& c) const { return call_(object_, c); }

 private:
  const void* object_;
  Geometry (*call_)(const void*, const Config&);
};

class Site {
 public:
  explicit Site(SiteInfo info, Runtime* runtime = nullptr);
  ~Site();
  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  const SiteInfo& info() const;

  // Tunes on the first launch for (key, current context), then launches the winner. `args` points
  // at each kernel argument, converted to the kernel's parameter types.
  void launch(const Key& key, GeometryRef geometry, void** args);

  // The tuning done for `key` in the current context, if any.
  std::optional<TuningResult> result(const Key& key) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

namespace detail {
template <class KernelPointer>
struct Launcher;

template <class... P>
struct Launcher<void (*)(P...)> {
  template <class G, class... A>
  static void run(Site& site, const Key& key, const G& geometry, A&&... args) {
    static_assert(sizeof...(A) == sizeof...(P), "tiletune: wrong number of kernel arguments");
    std::tuple<std::decay_t<P>...> values(std::forward<A>(args)...);
    run_with(site, key, geometry, values, std::index_sequence_for<P...>{});
  }

 private:
  template <class G, class Tuple, std::size_t... I>
  static void run_with(Site& site, const Key& key, const G& geometry, Tuple& values,
                       std::index_sequence<I...>) {
    void* pointers[sizeof...(I) + 1] = {static_cast<void*>(&std::get<I>(values))...};
    site.launch(key, GeometryRef(geometry), pointers);
  }
};
}  // namespace detail

// Converts each argument to the kernel's parameter type (KernelPointer is the kernel's function
// pointer type, e.g. decltype(&vadd<64>)) and launches through the site.
template <class KernelPointer, class G, class... A>
void launch(Site& site, const Key& key, const G& geometry, A&&... args) {
  detail::Launcher<KernelPointer>::run(site, key, geometry, std::forward<A>(args)...);
}

// Every site object alive in the process, in the order they were constructed.
std::vector<Site*> sites();

// Every tuning this process has done or loaded, in the order they finished.
std::vector<TuningResult> tuning_results();

}  // namespace tiletune
