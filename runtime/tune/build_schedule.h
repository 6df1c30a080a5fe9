// Building every configuration on the workers: compile, then load into the tuning's context, so
// that the calling thread only measures.
#pragma once

#include "compile/compile_request.h"
#include "tune/tuning_request.h"

#include <functional>
#include <future>
#include <memory>
#include <vector>

namespace tiletune::detail {

// A configuration's machine code, and its function once loaded into the tuning's context.
struct Built {
  std::shared_ptr<const CompiledKernel> kernel;
  FunctionHandle function = nullptr;
  // How long the workers took to build it, on the build clock (TuningSettings::build_clock): its
  // program's front end, which it waits for whole however many configurations the program holds,
  // then its own machine code and load. Not the time it queued for a worker.
  double build_ms = 0;
};

// Now on the clock builds are timed on: `build_clock` (TuningSettings::build_clock), else the
// steady clock; and the milliseconds from one reading of it to another.
TuningSettings::Clock::time_point build_clock_now(
    const std::function<TuningSettings::Clock::time_point()>& build_clock);
double milliseconds_between(TuningSettings::Clock::time_point from,
                            TuningSettings::Clock::time_point to);

// Starts building each of `requests` on the workers; the n-th future is the n-th request's (its
// error, when it does not compile or load). With more distinct instantiations (a name expression
// with its options) than workers, the instantiations are shared out in batches of at most
// settings.front_end_batch, of equal options, one NVRTC program each: configurations whose launch
// bounds are template arguments share programs whatever their bounds, those of a source that
// takes them as a macro defined per configuration only with equal bounds (launch_bounds.h), so that
// every worker is busy and each program's fixed cost (starting up, parsing the source) is paid once
// per batch rather than once per instantiation; with as many workers as instantiations, each gets
// its own program, which is what runs soonest (bench/tuning_time). Where equal batches would leave
// workers idle (fewer than twice as many instantiations as workers), the first batches are split
// until every worker has a program, the first instantiations alone. A free worker always takes the
// first ready step in the space's order, so the configuration being measured never waits behind a
// later one.
std::vector<std::future<Built>> start_builds(const TuningTools& tools, ContextHandle context,
                                             std::vector<CompileRequest> requests);

// A build started ahead of the round that may visit it (search.h's BuildAhead), which the tuning
// can drop when no round does.
struct DroppableBuild {
  std::future<Built> future;
  // Gives up the build: one not yet started never compiles, and its future holds an error now;
  // one compiling finishes (the compiler's caches, on disk too, keep it) but is not loaded. True
  // when the future no longer needs waiting for (the build will not touch the context); false
  // when it was already loading, or done: then wait for it, or use it, as any build.
  std::function<bool()> drop;
};

// start_builds, each build droppable. The requests' source is copied, so that a dropped build
// may finish compiling after the tuning (and its site) is gone.
std::vector<DroppableBuild> start_droppable_builds(const TuningTools& tools, ContextHandle context,
                                                   std::vector<CompileRequest> requests);

}  // namespace tiletune::detail
