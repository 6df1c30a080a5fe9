#include "process/parent_only_pipes.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <mutex>
#include <vector>

namespace tiletune::detail {
namespace {

// The ends open in this process. The lock is held across fork() (taken in the prepare handler, let
// go in the parent and the child), so the child finds the list whole and the lock free.
struct Registry {
  std::mutex mutex;
  std::vector<int> fds;
};

// Never destroyed: a fork during the process's exit still finds it.
Registry& registry() {
  static Registry* const kRegistry = new Registry;
  return *kRegistry;
}

void lock_for_fork() { registry().mutex.lock(); }
void unlock_in_parent() { registry().mutex.unlock(); }
// In the child, where only this thread runs: close() is all it takes.
void close_in_child() {
  Registry& r = registry();
  for (int fd : r.fds) ::close(fd);
  r.fds.clear();
  r.mutex.unlock();
}

void register_fork_handlers() {
  static std::once_flag registered;
  std::call_once(registered,
                 [] { ::pthread_atfork(lock_for_fork, unlock_in_parent, close_in_child); });
}

// `fd` moved to 3 or above: a daemon may have closed its standard descriptors, and a pipe end
// there would be taken for one (a spawned worker's dup2 onto its stdin and stdout would clobber
// it). -1 (errno set) on failure, with `fd` closed either way.
int above_standard(int fd) {
  if (fd > STDERR_FILENO) return fd;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  const int error = errno;
  ::close(fd);
  errno = error;
  return moved;
}

}  // namespace

bool open_parent_only_pipe(int (&fds)[2]) {
  register_fork_handlers();
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  // Reserved first: no allocation can fail once the pipe is open.
  r.fds.reserve(r.fds.size() + 2);
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  // Both moved before either is checked: whichever moved is closed if the other could not be.
  fds[0] = above_standard(fds[0]);
  fds[1] = above_standard(fds[1]);
  if (fds[0] < 0 || fds[1] < 0) {
    const int error = errno;
    for (int fd : fds)
      if (fd >= 0) ::close(fd);
    errno = error;
    return false;
  }
  r.fds.insert(r.fds.end(), {fds[0], fds[1]});
  return true;
}

void close_parent_only(int fd) {
  if (fd < 0) return;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (const auto at = std::find(r.fds.begin(), r.fds.end(), fd); at != r.fds.end()) r.fds.erase(at);
  ::close(fd);
}

}  // namespace tiletune::detail
