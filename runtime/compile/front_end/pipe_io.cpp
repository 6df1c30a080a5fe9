#include "compile/front_end/pipe_io.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

namespace tiletune::detail {
namespace {

constexpr std::uint32_t kMagic = 0x54544e57;  // "TTNW": tiletune NVRTC worker
// Bumped with every change to the frame, to front_end_wire's payloads or to what a worker says
// first: a worker left from another build then reads as malformed, and the runtime compiles
// in-process instead. 2: the worker's hello.
constexpr std::uint32_t kVersion = 2;

struct Header {
  std::uint32_t magic;
  std::uint32_t version;
  std::uint64_t length;
};

// SIGPIPE blocked in this thread for its lifetime. A SIGPIPE that became pending meanwhile, and
// was not pending before, is this thread's own write's: it is consumed before the old mask is
// back, so it is never delivered.
class SigpipeBlocked {
 public:
  SigpipeBlocked() {
    ::sigemptyset(&pipe_);
    ::sigaddset(&pipe_, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_, &restore_);
    sigset_t pending;
    ::sigemptyset(&pending);
    was_pending_ = ::sigpending(&pending) == 0 && ::sigismember(&pending, SIGPIPE) == 1;
  }
  ~SigpipeBlocked() {
    if (raised_ && !was_pending_) {
      const timespec now{};
      while (::sigtimedwait(&pipe_, nullptr, &now) < 0 && errno == EINTR) {
      }
    }
    ::pthread_sigmask(SIG_SETMASK, &restore_, nullptr);
  }
  SigpipeBlocked(const SigpipeBlocked&) = delete;
  SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

  void note_broken_pipe() { raised_ = true; }

 private:
  sigset_t pipe_;
  sigset_t restore_;
  bool was_pending_ = false;
  bool raised_ = false;
};

// Waits until `fd` is ready for `events` (or has hung up: the next read or write says how).
// False when the deadline passed first.
bool wait_ready(int fd, short events, const std::optional<Deadline>& deadline) {
  for (;;) {
    int timeout_ms = -1;
    if (deadline) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(
          *deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      timeout_ms =
          static_cast<int>(std::min<std::chrono::milliseconds::rep>(left.count(), 1 << 30));
    }
    pollfd watched{fd, events, 0};
    const int ready = ::poll(&watched, 1, timeout_ms);
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) return true;  // the read or write itself then fails
  }
}

FrameStatus write_all(int fd, const char* data, std::size_t size,
                      const std::optional<Deadline>& deadline) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n > 0) {
      data += n;
      size -= static_cast<std::size_t>(n);
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_ready(fd, POLLOUT, deadline)) return FrameStatus::kLate;
    } else if (n < 0 && errno != EINTR) {
      return FrameStatus::kEnded;
    }
  }
  return FrameStatus::kOk;
}

// Up to `size` bytes into `data`, at least one: how many, 0 at end of file or on an error, -1 when
// late.
ssize_t read_some(int fd, char* data, std::size_t size, const std::optional<Deadline>& deadline) {
  for (;;) {
    if (!wait_ready(fd, POLLIN, deadline)) return -1;
    const ssize_t n = ::read(fd, data, size);
    if (n >= 0) return n;
    if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) return 0;
  }
}

// Exactly `size` bytes appended to `out`, memory taken as they arrive (at most as much again as
// has arrived, and a first 64 KiB).
FrameStatus read_exactly(int fd, std::string& out, std::size_t size,
                         const std::optional<Deadline>& deadline) {
  constexpr std::size_t kFirstChunk = std::size_t{64} << 10;
  const std::size_t end = out.size() + size;
  while (out.size() < end) {
    const std::size_t had = out.size();
    out.resize(had + std::min(end - had, std::max(kFirstChunk, had)));
    const ssize_t n = read_some(fd, out.data() + had, out.size() - had, deadline);
    out.resize(had + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    if (n < 0) return FrameStatus::kLate;
    if (n == 0) return FrameStatus::kEnded;
  }
  return FrameStatus::kOk;
}

}  // namespace

FrameStatus write_frame(int fd, std::string_view payload, std::optional<Deadline> deadline) {
  const Header header{kMagic, kVersion, payload.size()};
  const int saved_errno = errno;
  SigpipeBlocked blocked;
  FrameStatus status =
      write_all(fd, reinterpret_cast<const char*>(&header), sizeof header, deadline);
  if (status == FrameStatus::kOk) status = write_all(fd, payload.data(), payload.size(), deadline);
  if (status == FrameStatus::kEnded && errno == EPIPE) blocked.note_broken_pipe();
  errno = saved_errno;
  return status;
}

FrameStatus read_frame(int fd, std::string& payload, std::optional<Deadline> deadline) {
  payload.clear();
  std::string bytes;
  if (const FrameStatus status = read_exactly(fd, bytes, sizeof(Header), deadline);
      status != FrameStatus::kOk)
    return status;
  Header header{};
  std::memcpy(&header, bytes.data(), sizeof header);
  if (header.magic != kMagic || header.version != kVersion || header.length > kLargestFramePayload)
    return FrameStatus::kNotAFrame;
  return read_exactly(fd, payload, static_cast<std::size_t>(header.length), deadline);
}

}  // namespace tiletune::detail
