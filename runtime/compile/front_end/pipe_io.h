// Whole messages over pipes between the runtime and its NVRTC worker processes: a frame is a fixed
// header (a magic word, the protocol's version, the payload's length) and the payload.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

// Writes all of `frame`'s payload as one frame. False when the reader has gone (EPIPE) or any
// other write error. Never raises SIGPIPE in this process: a library must not decide what a
// broken pipe does to its user's program, so SIGPIPE is blocked in the calling thread for the
// write and a SIGPIPE the write raised is taken off again (other threads' signals are untouched).
bool write_frame(int fd, std::string_view payload);

// One frame's payload. Nullopt at end of file (the writer has gone), on a read error, or when the
// header is not this protocol's (another version's worker, or garbage).
std::optional<std::string> read_frame(int fd);

}  // namespace tiletune::detail
