// Non-owning references to the functions a launch site passes the runtime (its geometry, its
// tuning options, its per-configuration arguments): calling through one never allocates, so they
// cost nothing on the launch path.
#pragma once

#include <tiletune/launch.h>
#include <tiletune/space.h>
#include <tiletune/tuning_options.h>

#include <type_traits>

namespace tiletune {

// Calls a geometry function without owning or copying it: no allocation on the launch path.
class GeometryRef {
 public:
  template <class _TtF, class = typename std::enable_if<!std::is_same<
                            typename std::decay<_TtF>::type, GeometryRef>::value>::type>
  GeometryRef(const _TtF& __tt_f)  // NOLINT: implicit on purpose, from the site's lambda
      : object_(&__tt_f), call_([](const void* __tt_o, const Config& __tt_c) -> Geometry {
          return (*static_cast<const _TtF*>(__tt_o))(__tt_c);
        }) {}
  Geometry operator()(const Config& __tt_c) const { return call_(object_, __tt_c); }

 private:
  const void* object_;
  Geometry (*call_)(const void*, const Config&);
};

// Calls a function that builds the TuningOptions, only when a tuning needs them.
class TuningOptionsRef {
 public:
  TuningOptionsRef() = default;
  template <class _TtF, class = typename std::enable_if<!std::is_same<
                            typename std::decay<_TtF>::type, TuningOptionsRef>::value>::type>
  TuningOptionsRef(const _TtF& __tt_f)  // NOLINT: implicit on purpose, from the site's lambda
      : object_(&__tt_f), call_([](const void* __tt_o) -> TuningOptions {
          return (*static_cast<const _TtF*>(__tt_o))();
        }) {}
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
  template <class _TtF, class = typename std::enable_if<!std::is_same<
                            typename std::decay<_TtF>::type, ArgumentsRef>::value>::type>
  explicit ArgumentsRef(const _TtF& __tt_f)
      : object_(&__tt_f), call_([](const void* __tt_o, const Config& __tt_c) {
          (*static_cast<const _TtF*>(__tt_o))(__tt_c);
        }) {}
  explicit operator bool() const { return call_ != nullptr; }
  void operator()(const Config& __tt_c) const { call_(object_, __tt_c); }

 private:
  const void* object_ = nullptr;
  void (*call_)(const void*, const Config&) = nullptr;
};

}  // namespace tiletune
