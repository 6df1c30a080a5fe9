// tiletune-nvrtc-worker: runs NVRTC front ends for a tiletune runtime (worker_pool.h). Reads
// requests from stdin and answers each on stdout, one at a time, until stdin ends. Not meant to be
// run by hand.
#include "compile/front_end/front_end_wire.h"
#include "compile/front_end/pipe_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

int main() {
  using namespace tiletune::detail;
  // Replies go to a private copy of stdout; stdout itself becomes stderr, so that anything a
  // library prints cannot land in the middle of a reply.
  const int replies = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (replies < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::perror("tiletune-nvrtc-worker");
    return 1;
  }
  while (std::optional<std::string> bytes = read_frame(STDIN_FILENO)) {
    const std::optional<FrontEndRequest> request = decode_request(*bytes);
    // Not a request: the runtime sees the worker end before it answered, and compiles in-process.
    if (!request) return 1;
    if (!write_frame(replies, encode_reply(run_front_end(*request)))) return 1;
  }
  return 0;
}
