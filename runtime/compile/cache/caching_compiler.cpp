#include "compile/cache/caching_compiler.h"

#include "compile/cache/compile_key.h"
#include "compile/cache/single_flight.h"
#include "store/disk_cache.h"

#include <tiletune/error.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>

namespace tiletune::detail {
namespace {

class Stopwatch {
 public:
  explicit Stopwatch(std::atomic<std::int64_t>& total) : total_(total) {}
  ~Stopwatch() {
    total_ += std::chrono::duration_cast<std::chrono::nanoseconds>(
                  std::chrono::steady_clock::now() - start_)
                  .count();
  }

 private:
  std::atomic<std::int64_t>& total_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

// A stage's result or its failure, as a value: waiters on other threads each throw their own
// exception from it, rather than sharing one exception object across threads.
template <class T>
struct Outcome {
  std::shared_ptr<const T> value;
  enum class Failure { kNone, kCompile, kOther } failure = Failure::kNone;
  std::string message;
  std::string log;

  bool ok() const { return failure == Failure::kNone; }

  template <class Run>
  static Outcome of(Run&& run) {
    Outcome outcome;
    try {
      outcome.value = run();
    } catch (const CompileError& e) {
      outcome.failure = Failure::kCompile;
      outcome.message = e.what();
      outcome.log = e.log();
    } catch (const std::exception& e) {
      outcome.failure = Failure::kOther;
      outcome.message = e.what();
    }
    return outcome;
  }

  // The value, or a fresh exception for this caller, its configuration named ahead of the
  // stage's message (decorated per caller: two configurations may share a key).
  std::shared_ptr<const T> take(const std::string& description) const {
    if (ok()) return value;
    const std::string what =
        description.empty() ? message : "configuration " + description + ": " + message;
    if (failure == Failure::kCompile) throw CompileError(what, log);
    throw Error(what);
  }
};

struct CachingCompiler::Caches {
  SingleFlightCache<std::string, Outcome<CompileStages::Ptx>> ptx;
  SingleFlightCache<std::string, Outcome<CompiledKernel>> variants;
};

namespace {
template <class T>
bool keep(const Outcome<T>& outcome) {
  return outcome.ok();
}

// One request's front end on its own, counted and timed; its failure kept as a value.
Outcome<CompileStages::Ptx> front_end_alone(CompileStages& stages, CompileCounters& counters,
                                            const CompileRequest& request) {
  return Outcome<CompileStages::Ptx>::of([&] {
    ++counters.front_end_runs;
    Stopwatch watch(counters.front_end_ns);
    return std::make_shared<const CompileStages::Ptx>(stages.front_end(request));
  });
}
}  // namespace

CachingCompiler::CachingCompiler(std::unique_ptr<CompileStages> stages,
                                 std::shared_ptr<DiskCache> disk)
    : stages_(std::move(stages)),
      disk_(std::move(disk)),
      toolchain_(stages_->toolchain()),
      caches_(std::make_unique<Caches>()) {}

CachingCompiler::~CachingCompiler() = default;

int CachingCompiler::front_end_version() const { return stages_->front_end_version(); }

void CachingCompiler::start_ahead(unsigned threads) { stages_->start_ahead(threads); }

std::shared_ptr<const CompiledKernel> CachingCompiler::compile(const CompileRequest& request) {
  const std::string key = variant_key(request, toolchain_);
  return caches_->variants
      .get(
          key,
          [&] {
            return Outcome<CompiledKernel>::of([&] { return compile_uncached(request, key); });
          },
          keep<CompiledKernel>)
      .take(request.description);
}

std::shared_ptr<const CompiledKernel> CachingCompiler::compile_uncached(
    const CompileRequest& request, const std::string& key) {
  if (disk_) {
    if (std::optional<CompiledKernel> stored = disk_->load(key)) {
      ++counters_.disk_loads;
      return std::make_shared<const CompiledKernel>(std::move(*stored));
    }
  }
  const Outcome<CompileStages::Ptx> ptx = caches_->ptx.get(
      front_end_key(request, toolchain_),
      [&] { return front_end_alone(*stages_, counters_, request); }, keep<CompileStages::Ptx>);
  // Undecorated here: compile() names the configuration once, on the way out.
  const std::shared_ptr<const CompileStages::Ptx> text = ptx.take("");
  auto kernel = std::make_shared<CompiledKernel>();
  if (!text->cubin.empty()) {
    // The front end built the machine code itself: the stage only passes it on, and is no run.
    *kernel = stages_->machine_code(*text, request);
  } else {
    ++counters_.machine_code_runs;
    Stopwatch watch(counters_.machine_code_ns);
    *kernel = stages_->machine_code(*text, request);
  }
  if (disk_ && disk_->store(key, *kernel)) ++counters_.disk_stores;
  return kernel;
}

void CachingCompiler::prepare(const std::vector<CompileRequest>& requests) {
  // The requests that need a front end, one per front-end key, grouped by everything in that key
  // but the name expression: each group is one program.
  struct Group {
    std::vector<const CompileRequest*> requests;
    std::vector<std::string> keys;
  };
  std::map<std::string, Group> groups;
  for (const CompileRequest& request : requests) {
    const std::string variant = variant_key(request, toolchain_);
    if (caches_->variants.contains(variant) || (disk_ && disk_->contains(variant))) continue;
    CompileRequest unnamed = request;
    unnamed.name_expression.clear();
    Group& group = groups[front_end_key(unnamed, toolchain_)];
    std::string key = front_end_key(request, toolchain_);
    if (std::find(group.keys.begin(), group.keys.end(), key) != group.keys.end()) continue;
    group.requests.push_back(&request);
    group.keys.push_back(std::move(key));
  }

  for (auto& [unused, group] : groups) {
    // Front ends already run or running elsewhere are left to whoever has them.
    auto claims = caches_->ptx.claim(group.keys);
    if (claims.empty()) continue;
    std::vector<CompileRequest> claimed;
    for (const auto& claim : claims) {
      const auto at = std::find(group.keys.begin(), group.keys.end(), claim.key());
      claimed.push_back(*group.requests[static_cast<std::size_t>(at - group.keys.begin())]);
    }
    std::vector<CompileStages::Ptx> batch;
    if (claimed.size() > 1) {
      try {
        ++counters_.front_end_runs;
        Stopwatch watch(counters_.front_end_ns);
        batch = stages_->front_end_batch(claimed);
        counters_.batched_front_ends += static_cast<int>(claimed.size());
      } catch (...) {
        // Which configuration failed, and why, is for each one's own run to say.
        batch.clear();
      }
    }
    for (std::size_t i = 0; i < claims.size(); ++i) {
      Outcome<CompileStages::Ptx> outcome;
      if (batch.size() == claims.size())
        outcome.value = std::make_shared<const CompileStages::Ptx>(std::move(batch[i]));
      else
        outcome = front_end_alone(*stages_, counters_, claimed[i]);
      caches_->ptx.publish(claims[i], std::move(outcome), keep<CompileStages::Ptx>);
    }
  }
}

}  // namespace tiletune::detail
