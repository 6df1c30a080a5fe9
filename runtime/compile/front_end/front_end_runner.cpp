#include "compile/front_end/front_end_runner.h"

#include "compile/front_end/nvrtc_worker_path.h"
#include "compile/front_end/worker_pool.h"
#include "runtime_options.h"

#include <mutex>

namespace tiletune::detail {
namespace {

class InProcess final : public FrontEndRunner {
 public:
  FrontEndBatchOutput run(const FrontEndInput& input,
                          const std::vector<std::string>& name_expressions) override {
    return compile_to_ptx(input, name_expressions);
  }
};

}  // namespace

std::shared_ptr<FrontEndRunner> in_process_front_ends() { return std::make_shared<InProcess>(); }

std::shared_ptr<FrontEndRunner> choose_front_ends(bool processes_wanted, WorkerSettings settings) {
  const auto in_process = [&](const std::string& why) {
    if (settings.log) settings.log("compiling in this process: " + why);
    return in_process_front_ends();
  };
  if (!processes_wanted) return in_process("TILETUNE_COMPILE_PROCESSES=0");
  WorkerSearch worker = find_nvrtc_worker();
  if (worker.path.empty()) return in_process(worker.why_not);
  return std::make_shared<WorkerPool>(std::move(worker.path), std::move(settings));
}

std::shared_ptr<FrontEndRunner> front_ends_from_environment() {
  // Held here and by every compiler given it: the workers go (and are reaped) with the last of
  // them, at exit for the process-wide runtime's, after its compile threads have stopped.
  static std::shared_ptr<FrontEndRunner> runner;
  static std::once_flag made;
  std::call_once(made, [] {
    // Quiet: a bad value is the runtime's to warn of (RuntimeOptions), once.
    const RuntimeOptions options = RuntimeOptions::from_environment([](const std::string&) {});
    WorkerSettings settings;
    if (const Logger logger = options.logger(); logger.prints(LogLevel::notice)) {
      if (logger.prints(LogLevel::detail))
        settings.log = [logger](const std::string& line) { logger.line(LogLevel::detail, line); };
      settings.warn = [logger](const std::string& line) { logger.warning(line); };
    }
    settings.timeout = options.nvrtc_worker_timeout;
    runner = choose_front_ends(options.compile_processes, std::move(settings));
  });
  return runner;
}

}  // namespace tiletune::detail
