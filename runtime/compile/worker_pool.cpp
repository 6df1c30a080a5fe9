#include "compile/worker_pool.h"

#include "compile/front_end_wire.h"

#include <tiletune/error.h>

#include <unistd.h>

#include <optional>
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

  const std::optional<std::string> bytes =
      worker->exchange(encode_request(input, name_expressions));
  std::optional<FrontEndReply> reply;
  if (bytes) reply = decode_reply(*bytes);
  if (!reply ||
      (reply->kind == FrontEndReply::Kind::kOutput && !answers(reply->output, name_expressions))) {
    const pid_t pid = worker->pid();
    worker.reset();
    {
      std::lock_guard lock(mutex_);
      --started_;
    }
    if (log_)
      log_("tiletune: the NVRTC worker (pid " + std::to_string(pid) + ") " +
           (bytes ? "answered with something that is not a reply" : "ended before it answered") +
           ": compiling " + quoted(name_expressions) + " in this process");
    return compile_to_ptx(input, name_expressions);
  }
  check_in(std::move(worker));
  return std::move(*reply).take();
}

int WorkerPool::workers() const {
  std::lock_guard lock(mutex_);
  return started_;
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
