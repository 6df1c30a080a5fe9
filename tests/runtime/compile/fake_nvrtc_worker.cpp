// A worker that misbehaves, for the runtime's tests of what it does then (worker_deadline_test):
// it speaks the protocol of tiletune-nvrtc-worker (pipe_io.h, front_end_wire.h) as far as its
// fault, named by $TILETUNE_TEST_FAULT:
//   answer-then-hang   answers its first request at once (a kernel named for each name, no code),
//                      then takes the next and never answers
//   answer-then-stop   the same, but stops itself (SIGSTOP) instead
//   partial-reply      says hello, then sends a reply's header and part of its payload, and waits
//   oversized-reply    says hello, then a header that claims more than the largest frame
//   foreign-pid        says hello with its parent's process id in place of its own
#include "compile/front_end/front_end_wire.h"
#include "compile/front_end/pipe_io.h"

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

using namespace tiletune::detail;

void write_raw(const void* data, std::size_t size) {
  if (::write(STDOUT_FILENO, data, size) != static_cast<ssize_t>(size)) std::_Exit(3);
}

// A frame header as pipe_io writes it (magic, version, length), with any length.
void write_header(std::uint64_t length) {
  const std::uint32_t words[2] = {0x54544e57, 2};
  write_raw(words, sizeof words);
  write_raw(&length, sizeof length);
}

[[noreturn]] void never_answer() {
  for (;;) ::pause();
}

}  // namespace

int main() {
  const char* chosen = std::getenv("TILETUNE_TEST_FAULT");
  const std::string fault = chosen ? chosen : "";
  if (fault == "foreign-pid") {
    write_frame(STDOUT_FILENO, encode_hello(::getppid()));
    never_answer();
  }
  write_frame(STDOUT_FILENO, encode_hello(::getpid()));
  if (fault == "partial-reply") {
    write_header(100);
    write_raw("0123456789", 10);
    never_answer();
  }
  if (fault == "oversized-reply") {
    write_header(kLargestFramePayload + 1);
    never_answer();
  }
  std::string bytes;
  if (read_frame(STDIN_FILENO, bytes) != FrameStatus::kOk) return 1;
  const std::optional<FrontEndRequest> request = decode_request(bytes);
  if (!request) return 1;
  FrontEndReply reply;
  reply.output.lowered_names = request->name_expressions;
  if (write_frame(STDOUT_FILENO, encode_reply(reply)) != FrameStatus::kOk) return 1;
  if (read_frame(STDIN_FILENO, bytes) != FrameStatus::kOk) return 1;
  if (fault == "answer-then-stop") ::raise(SIGSTOP);
  never_answer();
}
