#include "compile/front_end/pipe_io.h"
#include "files/files.h"

#include <pthread.h>
#include <signal.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <ctime>

namespace tiletune::detail {
namespace {

constexpr std::uint32_t kMagic = 0x54544e57;  // "TTNW": tiletune NVRTC worker
// Bumped with every change to the frame or to front_end_wire's payloads: a worker left from
// another build then reads as malformed, and the runtime compiles in-process instead.
constexpr std::uint32_t kVersion = 1;
// Far past any source or cubin; a length beyond it is garbage, not a reason to allocate.
constexpr std::uint64_t kLargestPayload = std::uint64_t{1} << 32;

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

}  // namespace

bool write_frame(int fd, std::string_view payload) {
  const Header header{kMagic, kVersion, payload.size()};
  const int saved_errno = errno;
  SigpipeBlocked blocked;
  const bool written = files::write_all(fd, std::string_view(reinterpret_cast<const char*>(&header),
                                                             sizeof header)) &&
                       files::write_all(fd, payload);
  if (!written && errno == EPIPE) blocked.note_broken_pipe();
  errno = saved_errno;
  return written;
}

std::optional<std::string> read_frame(int fd) {
  Header header{};
  if (!files::read_exactly(fd, reinterpret_cast<char*>(&header), sizeof header))
    return std::nullopt;
  if (header.magic != kMagic || header.version != kVersion || header.length > kLargestPayload)
    return std::nullopt;
  std::string payload(header.length, '\0');
  if (!files::read_exactly(fd, payload.data(), payload.size())) return std::nullopt;
  return payload;
}

}  // namespace tiletune::detail
