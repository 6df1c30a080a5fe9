// What a launch asks of the tuning it may start: the annotation's `restore`, `outputs`, `verify`,
// `flush_l2` and `measure`, over device buffers named by pointer and size.
#pragma once

#include <tiletune/rules.h>
#include <tiletune/search_strategies.h>

#include <cstddef>
#include <type_traits>
#include <vector>

namespace tiletune {

// How a buffer's elements compare under `verify`: floating point within a relative tolerance,
// anything else byte for byte.
enum class ElementKind : unsigned char { raw, f32, f64 };

// A device buffer named in `restore` or `outputs`.
struct Buffer {
  const void* pointer = nullptr;
  std::size_t bytes = 0;
  ElementKind element = ElementKind::raw;
};

template <class _TtT>
Buffer buffer(_TtT* __tt_pointer, std::size_t __tt_bytes) {
  using _TtElement = typename std::remove_cv<_TtT>::type;
  Buffer __tt_b;  // no aggregate before C++14, with its default member values
  __tt_b.pointer = static_cast<const void*>(__tt_pointer);
  __tt_b.bytes = __tt_bytes;
  __tt_b.element = std::is_same<_TtElement, float>::value    ? ElementKind::f32
                   : std::is_same<_TtElement, double>::value ? ElementKind::f64
                                                             : ElementKind::raw;
  return __tt_b;
}

// Which configurations a tuning compiles and measures: `automatic`, the default (exhaustive up to
// kExhaustiveUpTo configurations, else sample), or a strategy of the list in
// <tiletune/search_strategies.h>: `exhaustive` (every configuration the device can launch),
// `sample` (a seeded random sample, then local search from the fastest along each axis: only what
// it visits is compiled).
enum class SearchStrategy : unsigned char {
  automatic,
#define TILETUNE_SEARCH_STRATEGY_ENUMERATOR(enumerator, name, visits, seeding) enumerator,
  TILETUNE_SEARCH_STRATEGIES(TILETUNE_SEARCH_STRATEGY_ENUMERATOR)
#undef TILETUNE_SEARCH_STRATEGY_ENUMERATOR
};

// Up to this many configurations `automatic` is exhaustive (why: <tiletune/rules.h>).
TILETUNE_DETAIL_CONSTANT std::size_t kExhaustiveUpTo = rules::kExhaustiveUpTo;
// The seed a tuning uses unless given one: the same space searched twice visits the same set.
TILETUNE_DETAIL_CONSTANT unsigned long long kDefaultSearchSeed = 18;

// How each sample of a configuration is timed:
// - eager: one launch on the stream, timed with events (the launch's own cost included: for a
//   kernel of a few microseconds it can decide the winner);
// - graph: replays of a CUDA graph of kGraphLaunches launches, per launch: how a kernel that the
//   application runs inside graphs is timed, without the eager launch's cost (the launches of one
//   replay run back to back on the same buffers: `restore` puts them back before each replay);
// - cold: one launch, with L2 evicted before each sample: for inputs that are not cache-resident
//   in the application (`flush_l2 = true` is the same).
enum class Measure : unsigned char { eager, graph, cold };

// Launches in the graph that `graph` measurement replays: enough that the graph launch's own cost
// (a few microseconds) is spread over them, few enough to keep a sample short.
TILETUNE_DETAIL_CONSTANT int kGraphLaunches = 16;

struct Search {
  SearchStrategy strategy = SearchStrategy::automatic;
  // Wall seconds for the whole tuning, compiles included; 0: none. When it runs out the fastest
  // configuration measured so far wins and the result says so (TuningResult::stopped).
  double budget_s = 0;
  unsigned long long seed = kDefaultSearchSeed;
};

// Built only when a tuning starts, never on the launch path.
struct TuningOptions {
  // Written in place by the kernel: saved before tuning, restored before every trial launch and
  // after the tuning, so the caller's data is as if only the real launch happened.
  std::vector<Buffer> restore;
  // Compared under `verify` (the `restore` buffers when empty). Treated as written by the kernel:
  // filled with 0xff before each checked launch, restored after the tuning.
  std::vector<Buffer> outputs;
  bool verify = false;
  double tolerance = 1e-4;  // relative, for floating-point elements
  bool flush_l2 = false;    // evict L2 before every timed sample: the same as Measure::cold
  Measure measure = Measure::eager;
  Search search;  // `search`, `budget`, `seed`
};

}  // namespace tiletune
