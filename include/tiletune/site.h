// A launch site: one annotated kernel launch, its space, and the tuned winners per key. This is
// the whole runtime API the tool emits calls to; a person can write the same calls by hand.
#pragma once

#include <tiletune/error.h>
#include <tiletune/launch.h>
#include <tiletune/space.h>

#include <cstddef>
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
  // Every `$name` the generated code uses, checked against an opaque space at the first launch.
  std::vector<std::string> dollar_names;
};

// How a buffer's elements compare under `verify`: floating point within a relative tolerance,
// anything else byte for byte.
enum class ElementKind : unsigned char { raw, f32, f64 };

// A device buffer named in `restore` or `outputs`.
struct Buffer {
  const void* pointer = nullptr;
  std::size_t bytes = 0;
  ElementKind element = ElementKind::raw;
};

template <class T>
Buffer buffer(T* pointer, std::size_t bytes) {
  using E = std::remove_cv_t<T>;
  ElementKind kind = std::is_same_v<E, float>    ? ElementKind::f32
                     : std::is_same_v<E, double> ? ElementKind::f64
                                                 : ElementKind::raw;
  return Buffer{static_cast<const void*>(pointer), bytes, kind};
}

// What a launch asks of the tuning it may start (the annotation's `restore`, `outputs`, `verify`,
// `flush_l2`). Built only when a tuning starts, never on the launch path.
struct TuningOptions {
  // Written in place by the kernel: saved before tuning, restored before every trial launch and
  // after the tuning, so the caller's data is as if only the real launch happened.
  std::vector<Buffer> restore;
  // Compared under `verify` (the `restore` buffers when empty). Treated as written by the kernel:
  // filled with 0xff before each checked launch, restored after the tuning.
  std::vector<Buffer> outputs;
  bool verify = false;
  double tolerance = 1e-4;  // relative, for floating-point elements
  bool flush_l2 = false;    // evict L2 before every timed sample
};

// One configuration's outcome in a tuning.
struct Measurement {
  Config config;
  bool ok = false;
  double median_ms = 0;  // of the samples
  double spread = 0;     // (q3 - q1) / median of the samples
  int samples = 0;
  int registers = -1;
  bool stopped_early = false;  // already far slower than the best after a few samples
  std::string failure;         // why it was not measured (or was disqualified), when !ok
};

struct TuningResult {
  std::string site;  // "file:line"
  std::string kernel;
  Key key;
  std::vector<std::string> axis_names;
  std::vector<Measurement> measurements;  // in the space's order
  int best = -1;                          // index into measurements
  double seconds = 0;                     // wall time of the tuning
  // Where the calling thread spent that time, in milliseconds: waiting for the workers' compiles
  // and module loads (with the pipeline off, compiling), loading modules itself, checking outputs
  // (verify) and measuring.
  struct Phases {
    double compile_ms = 0;
    double load_ms = 0;
    double check_ms = 0;
    double measure_ms = 0;
  } phases;
  bool tuned = true;  // false under TILETUNE_DISABLE: the first configuration
  // Read from the results file: `measurements` holds the stored winner only.
  bool from_file = false;
  // This launch waited for another thread's tuning of the same key and took its result.
  bool cache_hit = false;

  const Config& best_config() const {
    return measurements.at(static_cast<std::size_t>(best)).config;
  }
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

// Calls a function that builds the TuningOptions, only when a tuning needs them.
class TuningOptionsRef {
 public:
  TuningOptionsRef() = default;
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, TuningOptionsRef>>>
  TuningOptionsRef(const F& f)  // NOLINT: implicit on purpose, from the site's lambda
      : object_(&f),
        call_([](const void* o) -> TuningOptions { return (*static_cast<const F*>(o))(); }) {}
  TuningOptions operator()() const { return call_ ? call_(object_) : TuningOptions{}; }

 private:
  const void* object_ = nullptr;
  TuningOptions (*call_)(const void*) = nullptr;
};

// Rewrites, in the storage a launch's `args` point at, the arguments that differ per
// configuration (those written with `$`) for one configuration. Does not own the function: no
// allocation on the launch path. Empty when no argument differs.
class ArgumentsRef {
 public:
  ArgumentsRef() = default;
  template <class F, class = std::enable_if_t<!std::is_same_v<std::decay_t<F>, ArgumentsRef>>>
  explicit ArgumentsRef(const F& f)
      : object_(&f),
        call_([](const void* o, const Config& c) { (*static_cast<const F*>(o))(c); }) {}
  explicit operator bool() const { return call_ != nullptr; }
  void operator()(const Config& c) const { call_(object_, c); }

 private:
  const void* object_ = nullptr;
  void (*call_)(const void*, const Config&) = nullptr;
};

// A kernel argument whose value depends on the configuration: `value_of(config)` gives it.
template <class F>
struct PerConfig {
  F value_of;
};

// Marks an argument computed per configuration, e.g.
// per_config([&](const Config& c) { return c[0] * 2; }); launch() evaluates it before every
// trial launch and before each launch of the winner.
template <class F>
PerConfig<F> per_config(F value_of) {
  return PerConfig<F>{std::move(value_of)};
}

class Site {
 public:
  explicit Site(SiteInfo info, Runtime* runtime = nullptr);
  ~Site();
  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  const SiteInfo& info() const;

  // Tunes on the first launch for (key, current context), then launches the winner. `args` points
  // at each kernel argument, converted to the kernel's parameter types; `arguments`, when given,
  // rewrites those that differ per configuration before each launch of one.
  void launch(const Key& key, GeometryRef geometry, void** args,
              TuningOptionsRef tuning_options = {}, ArgumentsRef arguments = {});

  // The tuning done for `key` in the current context, if any.
  std::optional<TuningResult> result(const Key& key) const;

  // Forgets the winners for `key` (every context), in memory and in the results file, so the next
  // launch tunes again.
  void clear(const Key& key);
  // Forgets every winner of this site.
  void clear();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

namespace detail {
template <class KernelPointer>
struct Launcher;

template <class A>
struct IsPerConfig : std::false_type {};
template <class F>
struct IsPerConfig<PerConfig<F>> : std::true_type {};

// Copy-initialisation, as a kernel call converts its arguments.
template <class T>
T convert(T value) {
  return value;
}

// A per-configuration argument has no value until a configuration is chosen.
template <class T, class A>
decltype(auto) initial_value(A&& arg) {
  if constexpr (IsPerConfig<std::decay_t<A>>::value)
    return T{};
  else
    return std::forward<A>(arg);
}

template <class... P>
struct Launcher<void (*)(P...)> {
  template <class G, class... A>
  static void run(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                  A&&... args) {
    static_assert(sizeof...(A) == sizeof...(P), "tiletune: wrong number of kernel arguments");
    std::tuple<std::decay_t<P>...> values(initial_value<std::decay_t<P>>(std::forward<A>(args))...);
    if constexpr ((IsPerConfig<std::decay_t<A>>::value || ...)) {
      auto per_config_arguments = [&](const Config& config) {
        refresh(values, config, std::index_sequence_for<P...>{}, args...);
      };
      run_with(site, key, geometry, options, values, ArgumentsRef(per_config_arguments),
               std::index_sequence_for<P...>{});
    } else {
      run_with(site, key, geometry, options, values, ArgumentsRef(),
               std::index_sequence_for<P...>{});
    }
  }

 private:
  template <class G, class Tuple, std::size_t... I>
  static void run_with(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                       Tuple& values, ArgumentsRef arguments, std::index_sequence<I...>) {
    void* pointers[sizeof...(I) + 1] = {static_cast<void*>(&std::get<I>(values))...};
    site.launch(key, GeometryRef(geometry), pointers, options, arguments);
  }

  template <class Tuple, std::size_t... I, class... A>
  static void refresh(Tuple& values, const Config& config, std::index_sequence<I...>,
                      const A&... args) {
    (refresh_one(std::get<I>(values), config, args), ...);
  }

  template <class T, class A>
  static void refresh_one(T& slot, const Config& config, const A& arg) {
    if constexpr (IsPerConfig<A>::value) slot = convert<T>(arg.value_of(config));
  }
};
}  // namespace detail

namespace detail {
template <std::size_t I, std::size_t... Dropped>
constexpr bool is_dropped = ((I == Dropped) || ...);

// Appends the parameters of List to Result one at a time, skipping those at dropped indices.
template <class Result, std::size_t I, class List, std::size_t... Dropped>
struct KeepParameters;
template <class... K, std::size_t I, std::size_t... Dropped>
struct KeepParameters<void (*)(K...), I, std::tuple<>, Dropped...> {
  using type = void (*)(K...);
};
template <class... K, std::size_t I, class P, class... Rest, std::size_t... Dropped>
struct KeepParameters<void (*)(K...), I, std::tuple<P, Rest...>, Dropped...> {
  using type = typename KeepParameters<
      std::conditional_t<is_dropped<I, Dropped...>, void (*)(K...), void (*)(K..., P)>, I + 1,
      std::tuple<Rest...>, Dropped...>::type;
};

template <class KernelPointer, std::size_t... Dropped>
struct WithoutParameters;
template <class... P, std::size_t... Dropped>
struct WithoutParameters<void (*)(P...), Dropped...> {
  using type = typename KeepParameters<void (*)(), 0, std::tuple<P...>, Dropped...>::type;
};
}  // namespace detail

// The kernel pointer type without the parameters at the indices `Dropped`: the Constant(...)
// arguments, which the compiled variant has baked in, so a launch passes the others only.
template <class KernelPointer, std::size_t... Dropped>
using without_parameters_t = typename detail::WithoutParameters<KernelPointer, Dropped...>::type;

// Converts each argument to the kernel's parameter type (KernelPointer is the kernel's function
// pointer type, e.g. decltype(&vadd<64>)) and launches through the site.
template <class KernelPointer, class G, class... A>
void launch(Site& site, const Key& key, const G& geometry, A&&... args) {
  detail::Launcher<KernelPointer>::run(site, key, geometry, TuningOptionsRef(),
                                       std::forward<A>(args)...);
}

// The same, with `options()` building the TuningOptions should this launch tune.
template <class KernelPointer, class G, class O, class... A>
void launch_with(Site& site, const Key& key, const G& geometry, const O& options, A&&... args) {
  detail::Launcher<KernelPointer>::run(site, key, geometry, TuningOptionsRef(options),
                                       std::forward<A>(args)...);
}

// Every site object alive in the process, in the order they were constructed.
std::vector<Site*> sites();

// Every tuning this process has done or loaded, in the order they finished; a launch that waited
// for another thread's tuning adds a copy marked cache_hit.
std::vector<TuningResult> tuning_results();

// Forgets every site's winners, in memory and in the results file: the next launches tune again.
void clear_results();

}  // namespace tiletune
