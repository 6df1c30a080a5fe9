#include "files/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <thread>

namespace tiletune::files {
namespace {

std::string reason(int error) { return std::strerror(error); }

// A new temporary file next to `name`, open for writing, and its name; -1 (errno set) when none
// could be made.
int create_temporary(int directory_fd, const std::string& name, unsigned mode,
                     std::string& temporary) {
  constexpr int kTries = 16;
  for (int i = 0; i < kTries; ++i) {
    temporary = temporary_name(name);
    const int fd = ::openat(directory_fd, temporary.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

std::string cannot_create(const std::string& directory, int error) {
  return "cannot create directory '" + directory + "': " + reason(error);
}

// `path` made a directory; with `parents`, its missing parents first.
std::string make_directory(const std::string& path, unsigned mode, bool parents) {
  if (::mkdir(path.c_str(), mode) == 0) return {};
  const int error = errno;
  if (error == EEXIST) {
    struct stat found {};
    if (::stat(path.c_str(), &found) == 0 && S_ISDIR(found.st_mode)) return {};
    return cannot_create(path, ENOTDIR);
  }
  const std::string parent = parent_of(path);
  if (error != ENOENT || !parents || parent.empty()) return cannot_create(path, error);
  if (std::string failed = make_directory(parent, mode, true); !failed.empty()) return failed;
  return make_directory(path, mode, false);
}

}  // namespace

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return (errno = EIO, false);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool read_exactly(int fd, char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// No other writer uses the name. The process id alone is not enough: in containers every process
// may be pid 1, and two cache objects share a process. So a number drawn at random once per
// process, the thread and a counter shared by the whole process go in too. O_EXCL still refuses a
// name that is there already (left by a writer killed mid-write), and the caller draws another.
std::string temporary_name(const std::string& name) {
  static const std::uint64_t process_nonce = [] {
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
  }();
  static std::atomic<std::uint64_t> counter{0};
  char unique[96];
  std::snprintf(unique, sizeof unique, "%ld.%016llx.%zx.%llu", static_cast<long>(::getpid()),
                static_cast<unsigned long long>(process_nonce),
                std::hash<std::thread::id>{}(std::this_thread::get_id()),
                static_cast<unsigned long long>(counter.fetch_add(1)));
  return name + std::string(kTemporaryInfix) + unique;
}

void remove_temporaries_of(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  const std::string directory = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const std::string prefix =
      path.substr(slash == std::string::npos ? 0 : slash + 1) + std::string(kTemporaryInfix);
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr) return;
  const int directory_fd = ::dirfd(listing);
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    struct stat found {};
    if (::fstatat(directory_fd, name.c_str(), &found, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(found.st_mode))
      ::unlinkat(directory_fd, name.c_str(), 0);
  }
  ::closedir(listing);
}

std::string parent_of(const std::string& path) {
  const std::size_t end = path.find_last_not_of('/');
  if (end == std::string::npos) return {};
  const std::size_t slash = path.find_last_of('/', end);
  if (slash == std::string::npos) return {};
  const std::size_t parent_end = path.find_last_not_of('/', slash);
  return parent_end == std::string::npos ? std::string() : path.substr(0, parent_end + 1);
}

std::string write_atomically_at(int directory_fd, const std::string& name, std::string_view bytes,
                                unsigned mode) {
  std::string temporary;
  const int fd = create_temporary(directory_fd, name, mode, temporary);
  if (fd < 0) return "cannot create a file next to " + name + ": " + reason(errno);
  const bool written = write_all(fd, bytes);
  const int write_error = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    const int error = written ? errno : write_error;
    ::unlinkat(directory_fd, temporary.c_str(), 0);
    return "cannot write " + temporary + ": " + reason(error);
  }
  if (::renameat(directory_fd, temporary.c_str(), directory_fd, name.c_str()) != 0) {
    const int error = errno;
    ::unlinkat(directory_fd, temporary.c_str(), 0);
    return "cannot rename " + temporary + " to " + name + ": " + reason(error);
  }
  return {};
}

std::string write_atomically(const std::string& path, std::string_view bytes, unsigned mode) {
  return write_atomically_at(AT_FDCWD, path, bytes, mode);
}

std::string make_directories(const std::string& path, unsigned mode) {
  return make_directory(path, mode, true);
}

}  // namespace tiletune::files
