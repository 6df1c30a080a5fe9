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
template <class _TtF>
struct PerConfig {
  _TtF value_of;
};

// Marks an argument computed per configuration, e.g.
// per_config([&](const Config& c) { return c[0] * 2; }); launch() evaluates it before every
// trial launch and before each launch of the winner.
template <class _TtF>
PerConfig<_TtF> per_config(_TtF __tt_value_of) {
  return PerConfig<_TtF>{std::move(__tt_value_of)};
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
  // Forgets this process's winners for `key` (every context) and nothing stored: the key's next
  // launch decides again (tune_ahead uses it where another rank's winner for a key takes
  // precedence over this rank's own).
  void forget(const Key& key);

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
  template <class _TtMakeInfo>
  Keyed& at(const Key& __tt_key, const _TtMakeInfo& __tt_make_info) {
    if (Keyed* __tt_keyed = find(__tt_key)) return *__tt_keyed;
    return insert(__tt_key, &__tt_make_info, [](const void* __tt_f) -> SiteInfo {
      return (*static_cast<const _TtMakeInfo*>(__tt_f))();
    });
  }

 private:
  Keyed* find(const Key& key) const;
  Keyed& insert(const Key& key, const void* make_info, SiteInfo (*call)(const void* make_info));

  struct State;
  std::unique_ptr<State> state_;
};

namespace detail {
template <class _TtKernelPointer>
struct Launcher;

template <class _TtA>
struct IsPerConfig : std::false_type {};
template <class _TtF>
struct IsPerConfig<PerConfig<_TtF>> : std::true_type {};

// Copy-initialisation, as a kernel call converts its arguments.
template <class _TtT>
_TtT convert(_TtT __tt_value) {
  return __tt_value;
}

// A per-configuration argument has no value until a configuration is chosen.
template <class _TtT, class _TtA>
_TtA&& initial_value(_TtA&& __tt_arg, std::false_type /*per configuration*/) {
  return std::forward<_TtA>(__tt_arg);
}
template <class _TtT, class _TtA>
_TtT initial_value(_TtA&&, std::true_type /*per configuration*/) {
  return _TtT{};
}

// A kernel parameter whose type generated code cannot spell, a lambda written in place as its
// argument (a closure type of that expression's own): the argument's type, decayed.
struct Deduced {};
template <class _TtP, class _TtA>
struct ParameterType {
  using type = typename std::decay<_TtP>::type;
};
template <class _TtA>
struct ParameterType<Deduced, _TtA> {
  using type = typename std::decay<_TtA>::type;
};

template <class... _TtP>
struct Launcher<void (*)(_TtP...)> {
  template <class _TtG, class... _TtA>
  static void run(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry,
                  TuningOptionsRef __tt_options, _TtA&&... __tt_args) {
    static_assert(sizeof...(_TtA) == sizeof...(_TtP), "tiletune: wrong number of kernel arguments");
    std::tuple<typename ParameterType<_TtP, _TtA>::type...> __tt_values(
        initial_value<typename ParameterType<_TtP, _TtA>::type>(
            std::forward<_TtA>(__tt_args), IsPerConfig<typename std::decay<_TtA>::type>())...);
    using _TtAnyPerConfig = std::integral_constant<
        bool, AnyOf<IsPerConfig<typename std::decay<_TtA>::type>::value...>::value>;
    run_with(__tt_site, __tt_key, __tt_geometry, __tt_options, __tt_values, IndicesFor<_TtP...>(),
             _TtAnyPerConfig(), __tt_args...);
  }

 private:
  template <class _TtG, class _TtTuple, std::size_t... _TtI, class... _TtA>
  static void run_with(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry,
                       TuningOptionsRef __tt_options, _TtTuple& __tt_values,
                       Indices<_TtI...> __tt_indices, std::false_type /*per configuration*/,
                       const _TtA&...) {
    launch_values(__tt_site, __tt_key, __tt_geometry, __tt_options, __tt_values, ArgumentsRef(),
                  __tt_indices);
  }

  template <class _TtG, class _TtTuple, std::size_t... _TtI, class... _TtA>
  static void run_with(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry,
                       TuningOptionsRef __tt_options, _TtTuple& __tt_values,
                       Indices<_TtI...> __tt_indices, std::true_type /*per configuration*/,
                       const _TtA&... __tt_args) {
    auto __tt_per_config_arguments = [&](const Config& __tt_config) {
      refresh(__tt_values, __tt_config, __tt_indices, __tt_args...);
    };
    launch_values(__tt_site, __tt_key, __tt_geometry, __tt_options, __tt_values,
                  ArgumentsRef(__tt_per_config_arguments), __tt_indices);
  }

  template <class _TtG, class _TtTuple, std::size_t... _TtI>
  static void launch_values(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry,
                            TuningOptionsRef __tt_options, _TtTuple& __tt_values,
                            ArgumentsRef __tt_arguments, Indices<_TtI...>) {
    void* __tt_pointers[sizeof...(_TtI) + 1] = {
        static_cast<void*>(&std::get<_TtI>(__tt_values))...};
    __tt_site.launch(__tt_key, GeometryRef(__tt_geometry), __tt_pointers, __tt_options,
                     __tt_arguments);
  }

  template <class _TtTuple, std::size_t... _TtI, class... _TtA>
  static void refresh(_TtTuple& __tt_values, const Config& __tt_config, Indices<_TtI...>,
                      const _TtA&... __tt_args) {
    int const __tt_in_order[] = {
        0, (refresh_one(std::get<_TtI>(__tt_values), __tt_config, __tt_args), 0)...};
    (void)__tt_in_order;
  }

  template <class _TtT, class _TtA>
  static void refresh_one(_TtT&, const Config&, const _TtA&) {}
  template <class _TtT, class _TtF>
  static void refresh_one(_TtT& __tt_slot, const Config& __tt_config,
                          const PerConfig<_TtF>& __tt_arg) {
    __tt_slot = convert<_TtT>(__tt_arg.value_of(__tt_config));
  }
};
}  // namespace detail

namespace detail {
template <std::size_t _TtI, std::size_t... _TtDropped>
struct IsDropped : AnyOf<(_TtI == _TtDropped)...> {};

// Appends the parameters of _TtList to _TtResult one at a time, skipping those at dropped indices.
template <class _TtResult, std::size_t _TtI, class _TtList, std::size_t... _TtDropped>
struct KeepParameters;
template <class... _TtK, std::size_t _TtI, std::size_t... _TtDropped>
struct KeepParameters<void (*)(_TtK...), _TtI, std::tuple<>, _TtDropped...> {
  using type = void (*)(_TtK...);
};
template <class... _TtK, std::size_t _TtI, class _TtP, class... _TtRest, std::size_t... _TtDropped>
struct KeepParameters<void (*)(_TtK...), _TtI, std::tuple<_TtP, _TtRest...>, _TtDropped...> {
  using type = typename KeepParameters<
      typename std::conditional<IsDropped<_TtI, _TtDropped...>::value, void (*)(_TtK...),
                                void (*)(_TtK..., _TtP)>::type,
      _TtI + 1, std::tuple<_TtRest...>, _TtDropped...>::type;
};

template <class _TtKernelPointer, std::size_t... _TtDropped>
struct WithoutParameters;
template <class... _TtP, std::size_t... _TtDropped>
struct WithoutParameters<void (*)(_TtP...), _TtDropped...> {
  using type = typename KeepParameters<void (*)(), 0, std::tuple<_TtP...>, _TtDropped...>::type;
};
}  // namespace detail

// The kernel pointer type without the parameters at the indices `_TtDropped`: the Constant(...)
// arguments, which the compiled variant has baked in, so a launch passes the others only.
template <class _TtKernelPointer, std::size_t... _TtDropped>
using without_parameters_t =
    typename detail::WithoutParameters<_TtKernelPointer, _TtDropped...>::type;

// Converts each argument to the kernel's parameter type (_TtKernelPointer is the kernel's function
// pointer type, e.g. decltype(&vadd<64>)) and launches through the site.
template <class _TtKernelPointer, class _TtG, class... _TtA>
void launch(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry, _TtA&&... __tt_args) {
  detail::Launcher<_TtKernelPointer>::run(__tt_site, __tt_key, __tt_geometry, TuningOptionsRef(),
                                          std::forward<_TtA>(__tt_args)...);
}

// The same, with `options()` building the TuningOptions should this launch tune.
template <class _TtKernelPointer, class _TtG, class _TtO, class... _TtA>
void launch_with(Site& __tt_site, const Key& __tt_key, const _TtG& __tt_geometry,
                 const _TtO& __tt_options, _TtA&&... __tt_args) {
  detail::Launcher<_TtKernelPointer>::run(__tt_site, __tt_key, __tt_geometry,
                                          TuningOptionsRef(__tt_options),
                                          std::forward<_TtA>(__tt_args)...);
}

// Every site object alive in the process, in the order they were constructed.
std::vector<Site*> sites();

// Every tuning this process has done or loaded, in the order they finished; a launch that waited
// for another thread's tuning adds a copy marked cache_hit.
std::vector<TuningResult> tuning_results();

// Forgets every site's winners, in memory and in the results file: the next launches tune again.
void clear_results();

}  // namespace tiletune
