#include "tune/build_schedule.h"

#include <tiletune/error.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <mutex>
#include <string>

namespace tiletune::detail {
namespace {

// The builds of one tuning, shared with the worker tasks that run them: it lives until the last
// of them is done.
class Builds : public std::enable_shared_from_this<Builds> {
 public:
  Builds(const TuningTools& tools, ContextHandle context, std::vector<CompileRequest> requests)
      : device_(tools.device),
        compiler_(tools.compiler),
        pool_(tools.pool),
        clock_(tools.settings.build_clock),
        context_(context) {
    for (CompileRequest& request : requests) jobs_.push_back({std::move(request), {}});
  }

  // The requests read the source from this object's copy rather than from the site's.
  void own_sources() {
    for (Job& job : jobs_) {
      if (owned_sources_.empty() || owned_sources_.back() != job.request.source)
        owned_sources_.emplace_back(job.request.source);
      job.request.source = owned_sources_.back();
    }
  }

  // DroppableBuild::drop of job `n`.
  bool drop(std::size_t n) {
    std::lock_guard lock(mutex_);
    Job& job = jobs_[n];
    if (job.state == State::kQueued) {
      job.state = State::kDropped;
      job.promise.set_exception(std::make_exception_ptr(Error("dropped: no round visited it")));
      return true;
    }
    if (job.state == State::kCompiling) {
      job.state = State::kDropped;  // the compile ends, sets the future, and loads nothing
      return true;
    }
    return job.state == State::kDropped;
  }

  std::vector<std::future<Built>> futures() {
    std::vector<std::future<Built>> out;
    for (Job& job : jobs_) out.push_back(job.promise.get_future());
    return out;
  }

  // The jobs, each alone or in batches of at most `size` distinct instantiations. Every task put
  // on the pool does whichever step is ready and comes first in the space's order (a batch's
  // front end counts as its first configuration's), not the step it was queued for: a batch
  // whose front end finishes late still has its machine code built before a later batch's, so
  // the measuring thread never waits behind a later configuration.
  void start(std::size_t size, std::size_t workers) {
    std::vector<Step> steps;
    if (size <= 1) {
      for (std::size_t n = 0; n < jobs_.size(); ++n) steps.push_back({n, {}, n});
    } else {
      for (std::vector<std::size_t>& batch : split_for(batches(size), workers))
        steps.push_back({batch.front(), std::move(batch), 0});
    }
    make_ready(std::move(steps));
  }

  // Distinct NVRTC programs' worth of work: a name expression with its options (launch bounds
  // defined as a macro per configuration are options, and only configurations with equal options
  // can share a program; bounds passed as template arguments are in the name expression), in the
  // space's order.
  std::vector<std::string> instantiations() const {
    std::vector<std::string> out;
    for (const Job& job : jobs_)
      if (std::find(out.begin(), out.end(), instantiation_of(job)) == out.end())
        out.push_back(instantiation_of(job));
    return out;
  }

 private:
  // Where a job is: dropped jobs are compiled no further and never loaded.
  enum class State { kQueued, kCompiling, kLoading, kDone, kDropped };

  struct Job {
    CompileRequest request;
    std::promise<Built> promise;
    State state = State::kQueued;
    double front_end_ms = 0;  // of its batch's program, when it was built in a batch
  };

  using Clock = TuningSettings::Clock;
  Clock::time_point now() const { return build_clock_now(clock_); }

  // One step of the work: a batch's front end (`batch` not empty), or one job's machine code and
  // load. `order` is where it comes in the space's order.
  struct Step {
    std::size_t order = 0;
    std::vector<std::size_t> batch;
    std::size_t job = 0;
  };

  // The jobs grouped by instantiation, `size` instantiations of equal options to a group: the
  // groups of one set of options in the space's order, then the next set's.
  std::vector<std::vector<std::size_t>> batches(std::size_t size) const {
    std::vector<std::string> option_sets;  // in order of first appearance
    for (const Job& job : jobs_)
      if (std::find(option_sets.begin(), option_sets.end(), options_of(job)) == option_sets.end())
        option_sets.push_back(options_of(job));
    std::vector<std::vector<std::size_t>> out;
    for (const std::string& options : option_sets) {
      std::vector<std::string> names;  // this set's instantiations, in order
      const std::size_t first = out.size();
      for (std::size_t n = 0; n < jobs_.size(); ++n) {
        if (options_of(jobs_[n]) != options) continue;
        auto at = std::find(names.begin(), names.end(), jobs_[n].request.name_expression);
        if (at == names.end()) at = names.insert(names.end(), jobs_[n].request.name_expression);
        const std::size_t group = first + static_cast<std::size_t>(at - names.begin()) / size;
        if (group >= out.size()) out.resize(group + 1);
        out[group].push_back(n);
      }
    }
    return out;
  }

  // `groups` split until there are `workers` of them (or each holds one instantiation): batches of
  // equal size leave workers idle where the instantiations are fewer than twice the workers (17 on
  // 16 workers: 9 programs of 2, 7 workers idle), and a program's configurations are ready only
  // when the whole program is. The first groups in the space's order (measured first: the cost
  // model's most promising, tuner.cpp) are split first, so that they get programs of their own.
  std::vector<std::vector<std::size_t>> split_for(std::vector<std::vector<std::size_t>> groups,
                                                  std::size_t workers) const {
    for (std::size_t g = 0; g < groups.size() && groups.size() < workers;) {
      std::vector<std::size_t>& group = groups[g];
      const std::string first = instantiation_of(jobs_[group.front()]);
      std::vector<std::size_t> alone, rest;
      for (std::size_t n : group) (instantiation_of(jobs_[n]) == first ? alone : rest).push_back(n);
      if (rest.empty()) {
        ++g;
        continue;
      }
      group = std::move(alone);
      groups.insert(groups.begin() + static_cast<long>(g) + 1, std::move(rest));
      ++g;
    }
    return groups;
  }

  static std::string options_of(const Job& job) {
    std::string joined;
    for (const std::string& option : job.request.options) joined += option + '\n';
    return joined;
  }

  static std::string instantiation_of(const Job& job) {
    return job.request.name_expression + '\n' + options_of(job);
  }

  // Adds `steps` to the ready ones, and one pool task for each: as many tasks as steps, so that
  // a task always finds a step left when it runs.
  void make_ready(std::vector<Step> steps) {
    const std::size_t count = steps.size();
    {
      std::lock_guard lock(mutex_);
      for (Step& step : steps) ready_.push_back(std::move(step));
    }
    for (std::size_t i = 0; i < count; ++i)
      pool_.submit([self = shared_from_this()] { self->run(self->take_first()); });
  }

  Step take_first() {
    std::lock_guard lock(mutex_);
    const auto first =
        std::min_element(ready_.begin(), ready_.end(),
                         [](const Step& a, const Step& b) { return a.order < b.order; });
    Step step = std::move(*first);
    ready_.erase(first);
    return step;
  }

  void run(const Step& step) {
    if (step.batch.empty()) return build(step.job);
    std::vector<CompileRequest> requests;
    std::vector<Step> builds;
    {
      std::lock_guard lock(mutex_);
      for (std::size_t n : step.batch)
        if (jobs_[n].state != State::kDropped) {
          requests.push_back(jobs_[n].request);
          builds.push_back({n, {}, n});
        }
    }
    if (requests.empty()) return;  // all of the batch dropped before its front end
    const Clock::time_point start = now();
    compiler_.prepare(requests);  // never throws
    const double front_end_ms = milliseconds_between(start, now());
    {
      std::lock_guard lock(mutex_);
      for (const Step& build : builds) jobs_[build.job].front_end_ms = front_end_ms;
    }
    make_ready(std::move(builds));
  }

  // Moves job `n` from `from` to `to`; false (and nothing changes) when it was dropped.
  bool advance(std::size_t n, State from, State to) {
    std::lock_guard lock(mutex_);
    if (jobs_[n].state != from) return false;
    jobs_[n].state = to;
    return true;
  }

  void build(std::size_t n) {
    Job& job = jobs_[n];
    if (!advance(n, State::kQueued, State::kCompiling)) return;  // dropped: its future is set
    try {
      const Clock::time_point start = now();
      Built built;
      built.kernel = compiler_.compile(job.request);
      if (!advance(n, State::kCompiling, State::kLoading))
        throw Error("dropped while compiling: built, not loaded");
      built.function = device_.load(context_, built.kernel->cubin, built.kernel->entry);
      {
        std::lock_guard lock(mutex_);
        built.build_ms = job.front_end_ms + milliseconds_between(start, now());
      }
      advance(n, State::kLoading, State::kDone);
      job.promise.set_value(std::move(built));
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (job.state != State::kDropped) job.state = State::kDone;
      job.promise.set_exception(std::current_exception());
    }
  }

  Device& device_;
  Compiler& compiler_;
  ThreadPool& pool_;
  const std::function<Clock::time_point()> clock_;  // a copy: builds may outlive the tuning
  ContextHandle context_;
  std::vector<Job> jobs_;
  std::mutex mutex_;
  std::vector<Step> ready_;                // steps not yet taken by a task
  std::deque<std::string> owned_sources_;  // own_sources(): stable addresses
};

}  // namespace

TuningSettings::Clock::time_point build_clock_now(
    const std::function<TuningSettings::Clock::time_point()>& build_clock) {
  return build_clock ? build_clock() : TuningSettings::Clock::now();
}

double milliseconds_between(TuningSettings::Clock::time_point from,
                            TuningSettings::Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

namespace {

// The instantiations of `builds` shared out on the workers (start_builds).
void start_on_workers(const TuningTools& tools, Builds& builds) {
  const std::size_t workers = std::max(1u, tools.pool.size());
  const std::size_t instantiations = builds.instantiations().size();
  builds.start(std::min<std::size_t>(std::max(1u, tools.settings.front_end_batch),
                                     (instantiations + workers - 1) / workers),
               workers);
}

}  // namespace

std::vector<std::future<Built>> start_builds(const TuningTools& tools, ContextHandle context,
                                             std::vector<CompileRequest> requests) {
  auto builds = std::make_shared<Builds>(tools, context, std::move(requests));
  std::vector<std::future<Built>> futures = builds->futures();
  start_on_workers(tools, *builds);
  return futures;
}

std::vector<DroppableBuild> start_droppable_builds(const TuningTools& tools, ContextHandle context,
                                                   std::vector<CompileRequest> requests) {
  auto builds = std::make_shared<Builds>(tools, context, std::move(requests));
  builds->own_sources();
  std::vector<DroppableBuild> out;
  std::vector<std::future<Built>> futures = builds->futures();
  for (std::size_t n = 0; n < futures.size(); ++n) {
    DroppableBuild& b = out.emplace_back();
    b.future = std::move(futures[n]);
    b.drop = [builds, n] { return builds->drop(n); };
  }
  start_on_workers(tools, *builds);
  return out;
}

}  // namespace tiletune::detail
