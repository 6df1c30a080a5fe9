// Whole messages over pipes between the runtime and its NVRTC worker processes: a frame is a fixed
// header (a magic word, the protocol's version, the payload's length) and the payload. The
// runtime's waits have a deadline (a worker may hang, be stopped, or be a program that never
// answers); the worker's have none (it waits for the runtime's next request as long as there is
// a runtime: its stdin ends with it).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

using Deadline = std::chrono::steady_clock::time_point;

// Far past any source, PTX or cubin NVRTC makes. A header that claims more is garbage; and a
// payload is read into memory only as its bytes arrive, so a header never makes the reader
// allocate more than twice what the writer really sent.
inline constexpr std::uint64_t kLargestFramePayload = std::uint64_t{1} << 30;

enum class FrameStatus {
  kOk,
  kEnded,      // the other end has gone (end of file, a broken pipe) or the pipe failed
  kNotAFrame,  // a header of another protocol or version, or a length past the largest
  kLate,       // the deadline passed first
};

// Writes `payload` as one frame to `fd`, by `deadline` if there is one (then `fd` must be
// non-blocking). Never raises SIGPIPE in this process: a library must not decide what a broken
// pipe does to its user's program, so SIGPIPE is blocked in the calling thread for the write and
// a SIGPIPE the write raised is taken off again (other threads' signals are untouched).
FrameStatus write_frame(int fd, std::string_view payload,
                        std::optional<Deadline> deadline = std::nullopt);

// One frame's payload into `payload`, by `deadline` if there is one (then `fd` must be
// non-blocking).
FrameStatus read_frame(int fd, std::string& payload,
                       std::optional<Deadline> deadline = std::nullopt);

}  // namespace tiletune::detail
