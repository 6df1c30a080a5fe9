// What goes between the runtime and an NVRTC worker process (nvrtc_worker_main.cpp): a front-end
// request (compile_to_ptx's arguments) and its outcome, the output or the exception, as bytes.
// Framing is pipe_io.h's.
#pragma once

#include "nvrtc/nvrtc_front_end.h"

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

// compile_to_ptx's arguments, owning the source that FrontEndInput only views.
struct FrontEndRequest {
  std::string source;
  std::string source_name;
  std::vector<std::string> options;
  int arch = 0;
  bool cubin = false;
  std::vector<std::string> name_expressions;

  FrontEndInput input() const;
};

// compile_to_ptx's outcome as a value: its output, or the exception it threw.
struct FrontEndReply {
  enum class Kind { kOutput, kCompileError, kError } kind = Kind::kOutput;
  FrontEndBatchOutput output;  // kOutput
  std::string message;         // the exception's what()
  std::string log;             // kCompileError: NVRTC's log

  // The output, or the exception rebuilt (same type, what() and log) in the caller.
  FrontEndBatchOutput take() &&;
};

std::string encode_request(const FrontEndInput& input,
                           const std::vector<std::string>& name_expressions);
// Nullopt when `bytes` are not a whole request.
std::optional<FrontEndRequest> decode_request(const std::string& bytes);

// Runs compile_to_ptx and keeps what it returned or threw.
FrontEndReply run_front_end(const FrontEndRequest& request);

// What a worker says first, before any reply: that it is one, and its process id (the runtime's
// handle on it: a worker is no child of the runtime's, worker_process.h).
std::string encode_hello(pid_t pid);
// Nullopt when `bytes` are not a whole hello.
std::optional<pid_t> decode_hello(const std::string& bytes);

std::string encode_reply(const FrontEndReply& reply);
// Nullopt when `bytes` are not a whole reply.
std::optional<FrontEndReply> decode_reply(const std::string& bytes);

}  // namespace tiletune::detail
