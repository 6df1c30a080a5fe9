// The front door: a launch site (one annotated kernel launch, its space, and the tuned winners per
// key) and the calls that launch through it. This is the whole runtime API the tool emits calls
// to; a person can write the same calls by hand. The data types it takes and gives are in the
// headers below, each of its own.
#pragma once

#include <tiletune/error.h>
#include <tiletune/function_refs.h>
#include <tiletune/launch.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>
#include <tiletune/tuning_options.h>
#include <tiletune/tuning_result.h>

#include <tiletune/detail/language.h>

#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#if __cplusplus >= 201703L
#include <optional>
#endif

namespace tiletune {

class Runtime;

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

#if __cplusplus >= 201703L
  // The tuning done for `key` in the current context, if any. (For C++17 callers: generated
  // sites, which compile with the user's -std, never ask.)
  std::optional<TuningResult> result(const Key& key) const;
#endif

  // Forgets the winners for `key` (every context), in memory and in the results file, so the next
  // launch tunes again.
  void clear(const Key& key);
  // Forgets every winner of this site.
  void clear();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The site of an annotation whose space is an expression evaluated at run time (an opaque space,
// `space = make_space(n)`): the space may follow the launching function's values, so it is built
// per key, the first time the key launches, into a Site of its own; later launches of the key find
// that Site with one lock-free lookup and build nothing. Values that change the space belong in the
// key: launches whose keys are equal share the first one's space.
class SitesPerKey {
 public:
  // One key's site, and the index in its space of each `$` name (info.dollar_names, in order): -1
  // for a name the space lacks, which the first launch reports.
  struct Keyed {
    Keyed(SiteInfo info, Runtime* runtime);
    Site site;
    std::vector<int> axes;
  };

  explicit SitesPerKey(Runtime* runtime = nullptr);
  ~SitesPerKey();
  SitesPerKey(const SitesPerKey&) = delete;
  SitesPerKey& operator=(const SitesPerKey&) = delete;

  // The key's site; `make_info()` (returning a SiteInfo) runs only for a key not seen before.
  template <class MakeInfo>
  Keyed& at(const Key& key, const MakeInfo& make_info) {
    if (Keyed* keyed = find(key)) return *keyed;
    return insert(key, &make_info,
                  [](const void* f) -> SiteInfo { return (*static_cast<const MakeInfo*>(f))(); });
  }

 private:
  Keyed* find(const Key& key) const;
  Keyed& insert(const Key& key, const void* make_info, SiteInfo (*call)(const void* make_info));

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
A&& initial_value(A&& arg, std::false_type /*per configuration*/) {
  return std::forward<A>(arg);
}
template <class T, class A>
T initial_value(A&&, std::true_type /*per configuration*/) {
  return T{};
}

template <class... P>
struct Launcher<void (*)(P...)> {
  template <class G, class... A>
  static void run(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                  A&&... args) {
    static_assert(sizeof...(A) == sizeof...(P), "tiletune: wrong number of kernel arguments");
    std::tuple<typename std::decay<P>::type...> values(initial_value<typename std::decay<P>::type>(
        std::forward<A>(args), IsPerConfig<typename std::decay<A>::type>())...);
    using AnyPerConfig =
        std::integral_constant<bool,
                               AnyOf<IsPerConfig<typename std::decay<A>::type>::value...>::value>;
    run_with(site, key, geometry, options, values, IndicesFor<P...>(), AnyPerConfig(), args...);
  }

 private:
  template <class G, class Tuple, std::size_t... I, class... A>
  static void run_with(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                       Tuple& values, Indices<I...> indices, std::false_type /*per configuration*/,
                       const A&...) {
    launch_values(site, key, geometry, options, values, ArgumentsRef(), indices);
  }

  template <class G, class Tuple, std::size_t... I, class... A>
  static void run_with(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                       Tuple& values, Indices<I...> indices, std::true_type /*per configuration*/,
                       const A&... args) {
    auto per_config_arguments = [&](const Config& config) {
      refresh(values, config, indices, args...);
    };
    launch_values(site, key, geometry, options, values, ArgumentsRef(per_config_arguments),
                  indices);
  }

  template <class G, class Tuple, std::size_t... I>
  static void launch_values(Site& site, const Key& key, const G& geometry, TuningOptionsRef options,
                            Tuple& values, ArgumentsRef arguments, Indices<I...>) {
    void* pointers[sizeof...(I) + 1] = {static_cast<void*>(&std::get<I>(values))...};
    site.launch(key, GeometryRef(geometry), pointers, options, arguments);
  }

  template <class Tuple, std::size_t... I, class... A>
  static void refresh(Tuple& values, const Config& config, Indices<I...>, const A&... args) {
    int const in_order[] = {0, (refresh_one(std::get<I>(values), config, args), 0)...};
    (void)in_order;
  }

  template <class T, class A>
  static void refresh_one(T&, const Config&, const A&) {}
  template <class T, class F>
  static void refresh_one(T& slot, const Config& config, const PerConfig<F>& arg) {
    slot = convert<T>(arg.value_of(config));
  }
};
}  // namespace detail

namespace detail {
template <std::size_t I, std::size_t... Dropped>
struct IsDropped : AnyOf<(I == Dropped)...> {};

// Appends the parameters of List to Result one at a time, skipping those at dropped indices.
template <class Result, std::size_t I, class List, std::size_t... Dropped>
struct KeepParameters;
template <class... K, std::size_t I, std::size_t... Dropped>
struct KeepParameters<void (*)(K...), I, std::tuple<>, Dropped...> {
  using type = void (*)(K...);
};
template <class... K, std::size_t I, class P, class... Rest, std::size_t... Dropped>
struct KeepParameters<void (*)(K...), I, std::tuple<P, Rest...>, Dropped...> {
  using type =
      typename KeepParameters<typename std::conditional<IsDropped<I, Dropped...>::value,
                                                        void (*)(K...), void (*)(K..., P)>::type,
                              I + 1, std::tuple<Rest...>, Dropped...>::type;
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
