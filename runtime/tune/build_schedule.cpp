#include "tune/build_schedule.h"

#include <algorithm>
#include <string>

namespace tiletune::detail {
namespace {

// The builds of one tuning, shared with the worker tasks that run them: it lives until the last
// of them is done.
class Builds : public std::enable_shared_from_this<Builds> {
 public:
  Builds(const TuningTools& tools, ContextHandle context, std::vector<CompileRequest> requests)
      : device_(tools.device), compiler_(tools.compiler), pool_(tools.pool), context_(context) {
    for (CompileRequest& request : requests) jobs_.push_back({std::move(request), {}});
  }

  std::vector<std::future<Built>> futures() {
    std::vector<std::future<Built>> out;
    for (Job& job : jobs_) out.push_back(job.promise.get_future());
    return out;
  }

  // The jobs, each alone or in batches of at most `size` distinct instantiations.
  void start(std::size_t size) {
    if (size <= 1) {
      for (std::size_t n = 0; n < jobs_.size(); ++n) submit_build(n);
      return;
    }
    for (std::vector<std::size_t>& batch : batches(size))
      pool_.submit([self = shared_from_this(), batch = std::move(batch)] {
        std::vector<CompileRequest> requests;
        for (std::size_t n : batch) requests.push_back(self->jobs_[n].request);
        self->compiler_.prepare(requests);  // never throws
        for (std::size_t n : batch) self->submit_build(n);
      });
  }

  // Distinct name expressions, in the space's order.
  std::vector<std::string> instantiations() const {
    std::vector<std::string> names;
    for (const Job& job : jobs_)
      if (std::find(names.begin(), names.end(), job.request.name_expression) == names.end())
        names.push_back(job.request.name_expression);
    return names;
  }

 private:
  struct Job {
    CompileRequest request;
    std::promise<Built> promise;
  };

  // The jobs grouped by instantiation, `size` instantiations to a group.
  std::vector<std::vector<std::size_t>> batches(std::size_t size) const {
    const std::vector<std::string> names = instantiations();
    std::vector<std::vector<std::size_t>> out((names.size() + size - 1) / size);
    for (std::size_t n = 0; n < jobs_.size(); ++n) {
      const auto at = std::find(names.begin(), names.end(), jobs_[n].request.name_expression);
      out[static_cast<std::size_t>(at - names.begin()) / size].push_back(n);
    }
    return out;
  }

  void submit_build(std::size_t n) {
    pool_.submit([self = shared_from_this(), n] {
      Job& job = self->jobs_[n];
      try {
        Built built;
        built.kernel = self->compiler_.compile(job.request);
        built.function =
            self->device_.load(self->context_, built.kernel->cubin, built.kernel->entry);
        job.promise.set_value(std::move(built));
      } catch (...) {
        job.promise.set_exception(std::current_exception());
      }
    });
  }

  Device& device_;
  Compiler& compiler_;
  ThreadPool& pool_;
  ContextHandle context_;
  std::vector<Job> jobs_;
};

}  // namespace

std::vector<std::future<Built>> start_builds(const TuningTools& tools, ContextHandle context,
                                             std::vector<CompileRequest> requests) {
  auto builds = std::make_shared<Builds>(tools, context, std::move(requests));
  std::vector<std::future<Built>> futures = builds->futures();
  const std::size_t workers = std::max(1u, tools.pool.size());
  const std::size_t instantiations = builds->instantiations().size();
  builds->start(std::min<std::size_t>(std::max(1u, tools.settings.front_end_batch),
                                      (instantiations + workers - 1) / workers));
  return futures;
}

}  // namespace tiletune::detail
