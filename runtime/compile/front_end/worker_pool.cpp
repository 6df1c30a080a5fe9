#include "compile/front_end/worker_pool.h"

#include "compile/front_end/front_end_wire.h"

#include <tiletune/error.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

namespace tiletune::detail {
namespace {

// Whether `output` can be the reply to a request for `names`: a kernel for each name, and the
// cubin's figures for each where there is a cubin.
bool answers(const FrontEndBatchOutput& output, const std::vector<std::string>& names) {
  if (output.lowered_names.size() != names.size()) return false;
  if (output.cubin.empty()) return output.registers.empty() && output.spill_bytes.empty();
  return output.registers.size() == names.size() && output.spill_bytes.size() == names.size();
}

// NVRTC's automatic PCH is not safe across processes that share a directory: one deletes a PCH
// file another is reading or writing ("catastrophic error: error while deleting file
// .../halve_0.pch"). So each worker writes its PCH files into a directory of its own under the one
// asked for, made here (the compiler removes the whole tree); where that cannot be made, the
// request goes without PCH, which changes only how long it takes.
std::vector<std::string> with_own_pch_directory(const std::vector<std::string>& options,
                                                int worker) {
  constexpr std::string_view kPchDirectory = "--pch-dir=";
  std::vector<std::string> own = options;
  for (std::string& option : own) {
    if (!option.starts_with(kPchDirectory)) continue;
    option += "/worker-" + std::to_string(worker);
    const std::string directory = option.substr(kPchDirectory.size());
    if (::mkdir(directory.c_str(), 0700) != 0 && errno != EEXIST) {
      std::erase_if(own, [](const std::string& o) { return o.starts_with("--pch"); });
      break;
    }
  }
  return own;
}

std::string quoted(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "`" : ", `") + name + "`";
  return text;
}

// "300 s", "0.25 s".
std::string in_seconds(std::chrono::milliseconds time) {
  const auto whole = std::chrono::duration_cast<std::chrono::seconds>(time);
  if (whole == time) return std::to_string(whole.count()) + " s";
  char text[32];
  std::snprintf(text, sizeof text, "%g s", std::chrono::duration<double>(time).count());
  return text;
}

}  // namespace

WorkerPool::WorkerPool(std::string worker, WorkerSettings settings)
    : worker_(std::move(worker)),
      settings_(std::move(settings)),
      workers_([] { return std::make_unique<Workers>(); }) {}

FrontEndBatchOutput WorkerPool::run(const FrontEndInput& input,
                                    const std::vector<std::string>& name_expressions) {
  std::unique_ptr<WorkerProcess> worker = check_out();
  if (!worker) return compile_to_ptx(input, name_expressions);

  FrontEndInput sent = input;
  sent.options = with_own_pch_directory(input.options, worker->number());
  const Deadline deadline = std::chrono::steady_clock::now() + settings_.timeout;
  WorkerProcess::Exchange exchange =
      worker->exchange(encode_request(sent, name_expressions), deadline);
  std::optional<FrontEndReply> reply;
  if (exchange.status == FrameStatus::kOk) reply = decode_reply(exchange.reply);
  if (exchange.status == FrameStatus::kOk &&
      (!reply ||
       (reply->kind == FrontEndReply::Kind::kOutput && !answers(reply->output, name_expressions))))
    exchange.status = FrameStatus::kNotAFrame;
  if (exchange.status != FrameStatus::kOk) {
    drop(std::move(worker), exchange.status, name_expressions);
    return compile_to_ptx(input, name_expressions);
  }
  check_in(std::move(worker));
  return std::move(*reply).take();
}

void WorkerPool::drop(std::unique_ptr<WorkerProcess> worker, FrameStatus why,
                      const std::vector<std::string>& names) {
  const pid_t pid = worker->pid();
  // Its first request (every one before was answered, or it would be gone), and it never said
  // it is a worker, or it did and then ended or answered garbage: the program cannot work at
  // all, and every worker after it would fail so. A worker that is only late is replaced.
  const bool broken =
      worker->exchanges() == 1 && (!worker->said_hello() || why != FrameStatus::kLate);
  worker.reset();  // stopped here, before anything is said
  {
    Workers& workers = workers_.get();
    std::lock_guard lock(workers.mutex);
    --workers.started;
    if (broken) workers.cannot_start = true;
  }
  const std::string who = "the NVRTC worker " + worker_ + " (pid " + std::to_string(pid) + ") ";
  const std::string instead =
      "compiling " + quoted(names) + " in this process" + (broken ? ", and everything after" : "");
  if (why == FrameStatus::kLate) {
    if (settings_.warn)
      settings_.warn(who + "did not answer within " + in_seconds(settings_.timeout) +
                     " (TILETUNE_NVRTC_WORKER_TIMEOUT): stopped it; " + instead);
    return;
  }
  if (settings_.log)
    settings_.log(who +
                  (why == FrameStatus::kNotAFrame ? "answered with something that is not a reply"
                                                  : "ended before it answered") +
                  ": " + instead);
}

WorkerPool::Workers::~Workers() {
  if (ahead.joinable()) ahead.join();
}

void WorkerPool::start_ahead(unsigned threads) {
  Workers& workers = workers_.get();
  int wanted = 0;
  {
    // Counted as started from here, so that every request from now on sees them.
    std::lock_guard lock(workers.mutex);
    if (std::exchange(workers.started_ahead, true) || workers.cannot_start) return;
    wanted = std::max(0, static_cast<int>(threads) - workers.started);
    workers.started += wanted;
  }
  if (wanted > 0)
    workers.ahead = std::thread([this, &workers, wanted] { start_workers_ahead(workers, wanted); });
}

void WorkerPool::start_workers_ahead(Workers& workers, int wanted) {
  std::vector<std::unique_ptr<WorkerProcess>> started;
  for (int i = 0; i < wanted; ++i) {
    try {
      started.push_back(WorkerProcess::start(worker_, true));
    } catch (const Error&) {
      std::lock_guard lock(workers.mutex);
      workers.started -= wanted - i;
      break;  // the first request that needs one tries again, and says why it cannot
    }
  }
  // All started at once, each idle as soon as it has said its hello.
  const Deadline deadline = std::chrono::steady_clock::now() + settings_.timeout;
  for (std::unique_ptr<WorkerProcess>& worker : started) {
    if (worker->await_hello(deadline) == FrameStatus::kOk) {
      check_in(std::move(worker));
      continue;
    }
    worker.reset();  // stopped and reaped; a request starts another, and says what fails
    std::lock_guard lock(workers.mutex);
    --workers.started;
  }
}

int WorkerPool::workers() {
  Workers& workers = workers_.get();
  std::lock_guard lock(workers.mutex);
  return workers.started;
}

std::vector<pid_t> WorkerPool::idle_workers() {
  Workers& workers = workers_.get();
  std::lock_guard lock(workers.mutex);
  std::vector<pid_t> pids;
  for (const std::unique_ptr<WorkerProcess>& worker : workers.idle) pids.push_back(worker->pid());
  return pids;
}

std::unique_ptr<WorkerProcess> WorkerPool::check_out() {
  Workers& workers = workers_.get();
  {
    std::lock_guard lock(workers.mutex);
    if (!workers.idle.empty()) {
      std::unique_ptr<WorkerProcess> worker = std::move(workers.idle.back());
      workers.idle.pop_back();
      return worker;
    }
    if (workers.cannot_start) return nullptr;
  }
  // Started outside the lock: another thread's check-out does not wait for this one's spawn.
  try {
    std::unique_ptr<WorkerProcess> worker = WorkerProcess::start(worker_);
    std::lock_guard lock(workers.mutex);
    ++workers.started;
    return worker;
  } catch (const Error& e) {
    bool first = false;
    {
      std::lock_guard lock(workers.mutex);
      first = !std::exchange(workers.cannot_start, true);
    }
    if (first && settings_.log) {
      std::string why = e.what();
      if (why.starts_with("tiletune: ")) why.erase(0, 10);  // the log says it once
      settings_.log(why + ": compiling in this process from now on");
    }
    return nullptr;
  }
}

void WorkerPool::check_in(std::unique_ptr<WorkerProcess> worker) {
  Workers& workers = workers_.get();
  std::lock_guard lock(workers.mutex);
  workers.idle.push_back(std::move(worker));
}

}  // namespace tiletune::detail
