#include "compile/front_end/worker_pool.h"

#include "compile/front_end/front_end_wire.h"

#include <tiletune/error.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
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
                                                pid_t worker) {
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

}  // namespace

WorkerPool::WorkerPool(std::string worker, LogLine log)
    : worker_(std::move(worker)), log_(std::move(log)), owner_(::getpid()) {}

WorkerPool::~WorkerPool() {
  std::lock_guard lock(mutex_);
  if (::getpid() != owner_) leave_parents_workers();
}

FrontEndBatchOutput WorkerPool::run(const FrontEndInput& input,
                                    const std::vector<std::string>& name_expressions) {
  std::unique_ptr<WorkerProcess> worker = check_out();
  if (!worker) return compile_to_ptx(input, name_expressions);

  FrontEndInput sent = input;
  sent.options = with_own_pch_directory(input.options, worker->pid());
  const std::optional<std::string> bytes = worker->exchange(encode_request(sent, name_expressions));
  std::optional<FrontEndReply> reply;
  if (bytes) reply = decode_reply(*bytes);
  if (!reply ||
      (reply->kind == FrontEndReply::Kind::kOutput && !answers(reply->output, name_expressions))) {
    const pid_t pid = worker->pid();
    // Its first reply: the program cannot work at all, and every worker after it would fail so.
    const bool broken = worker->answered() == (bytes ? 1 : 0);
    worker.reset();
    {
      std::lock_guard lock(mutex_);
      --started_;
      if (broken) cannot_start_ = true;
    }
    if (log_)
      log_("the NVRTC worker " + worker_ + " (pid " + std::to_string(pid) + ") " +
           (bytes ? "answered with something that is not a reply" : "ended before it answered") +
           ": compiling " + quoted(name_expressions) + " in this process" +
           (broken ? ", and everything after" : ""));
    return compile_to_ptx(input, name_expressions);
  }
  check_in(std::move(worker));
  return std::move(*reply).take();
}

int WorkerPool::workers() const {
  std::lock_guard lock(mutex_);
  return started_;
}

std::vector<pid_t> WorkerPool::idle_workers() const {
  std::lock_guard lock(mutex_);
  std::vector<pid_t> pids;
  for (const std::unique_ptr<WorkerProcess>& worker : idle_) pids.push_back(worker->pid());
  return pids;
}

std::unique_ptr<WorkerProcess> WorkerPool::check_out() {
  {
    std::lock_guard lock(mutex_);
    if (::getpid() != owner_) leave_parents_workers();
    if (!idle_.empty()) {
      std::unique_ptr<WorkerProcess> worker = std::move(idle_.back());
      idle_.pop_back();
      return worker;
    }
    if (cannot_start_) return nullptr;
  }
  // Started outside the lock: another thread's check-out does not wait for this one's spawn.
  try {
    std::unique_ptr<WorkerProcess> worker = WorkerProcess::start(worker_);
    std::lock_guard lock(mutex_);
    ++started_;
    return worker;
  } catch (const Error& e) {
    bool first = false;
    {
      std::lock_guard lock(mutex_);
      first = !std::exchange(cannot_start_, true);
    }
    if (first && log_) log_(std::string(e.what()) + ": compiling in this process from now on");
    return nullptr;
  }
}

void WorkerPool::leave_parents_workers() {
  for (std::unique_ptr<WorkerProcess>& worker : idle_) worker->abandon();
  idle_.clear();
  started_ = 0;
  owner_ = ::getpid();
}

void WorkerPool::check_in(std::unique_ptr<WorkerProcess> worker) {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(worker));
}

}  // namespace tiletune::detail
