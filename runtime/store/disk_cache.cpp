#include "store/disk_cache.h"

#include "files/bounded_read.h"
#include "files/files.h"
#include "files/trust.h"
#include "hash/content_hash.h"

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace tiletune::detail {
namespace {

constexpr char kMagic[8] = {'T', 'T', 'C', 'U', 'B', 'I', 'N', '\0'};
constexpr std::uint32_t kFormatVersion = 2;           // 2: spill bytes in the field 1 left reserved
constexpr std::uint32_t kByteOrderMark = 0x01020304;  // reads differently on the other byte order
constexpr std::size_t kHeaderSize = 48;
constexpr std::size_t kChecksumAt = 40;
// Far above any kernel's machine code; a bigger file is refused before a byte of it is read.
constexpr std::uint64_t kLargestFile = std::uint64_t{64} << 20;

// Header fields at fixed offsets, in the host's byte order (the byte-order mark tells).
struct Header {
  std::uint32_t version = kFormatVersion;
  std::uint32_t byte_order = kByteOrderMark;
  std::uint32_t key_size = 0;
  std::uint32_t entry_size = 0;
  std::uint64_t cubin_size = 0;
  std::int32_t registers = -1;
  std::int32_t spill_bytes = -1;
  std::uint64_t checksum = 0;
};

template <class T>
void put(std::vector<char>& bytes, std::size_t at, T value) {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}
template <class T>
T get(std::string_view bytes, std::size_t at) {
  T value;
  std::memcpy(&value, bytes.data() + at, sizeof value);
  return value;
}

// Everything but the checksum field itself.
std::uint64_t checksum_of(std::string_view all) {
  return fnv1a64(all.substr(kChecksumAt + 8), fnv1a64(all.substr(0, kChecksumAt)));
}

std::vector<char> encode(std::string_view key, const CompiledKernel& kernel) {
  std::vector<char> file(kHeaderSize + key.size() + kernel.entry.size() + kernel.cubin.size());
  std::memcpy(file.data(), kMagic, sizeof kMagic);
  put(file, 8, kFormatVersion);
  put(file, 12, kByteOrderMark);
  put(file, 16, static_cast<std::uint32_t>(key.size()));
  put(file, 20, static_cast<std::uint32_t>(kernel.entry.size()));
  put(file, 24, static_cast<std::uint64_t>(kernel.cubin.size()));
  put(file, 32, static_cast<std::int32_t>(kernel.registers));
  put(file, 36, static_cast<std::int32_t>(kernel.spill_bytes));
  char* body = file.data() + kHeaderSize;
  std::memcpy(body, key.data(), key.size());
  std::memcpy(body + key.size(), kernel.entry.data(), kernel.entry.size());
  std::memcpy(body + key.size() + kernel.entry.size(), kernel.cubin.data(), kernel.cubin.size());
  put(file, kChecksumAt, checksum_of(std::string_view(file.data(), file.size())));
  return file;
}

// The kernel in `file` if it is a whole, undamaged file for `key`; else nothing.
std::optional<CompiledKernel> decode(std::string_view file, std::string_view key) {
  if (file.size() < kHeaderSize || std::memcmp(file.data(), kMagic, sizeof kMagic) != 0) return {};
  Header h;
  h.version = get<std::uint32_t>(file, 8);
  h.byte_order = get<std::uint32_t>(file, 12);
  h.key_size = get<std::uint32_t>(file, 16);
  h.entry_size = get<std::uint32_t>(file, 20);
  h.cubin_size = get<std::uint64_t>(file, 24);
  h.registers = get<std::int32_t>(file, 32);
  h.spill_bytes = get<std::int32_t>(file, 36);
  h.checksum = get<std::uint64_t>(file, kChecksumAt);
  if (h.version != kFormatVersion || h.byte_order != kByteOrderMark) return {};
  // Sizes are checked one by one so that no sum can overflow.
  std::uint64_t rest = file.size() - kHeaderSize;
  if (h.key_size > rest) return {};
  rest -= h.key_size;
  if (h.entry_size > rest) return {};
  rest -= h.entry_size;
  if (h.cubin_size != rest) return {};
  if (std::string_view(file.data() + kHeaderSize, h.key_size) != key) return {};
  if (checksum_of(file) != h.checksum) return {};
  CompiledKernel kernel;
  const char* entry = file.data() + kHeaderSize + h.key_size;
  kernel.entry.assign(entry, h.entry_size);
  kernel.cubin.assign(entry + h.entry_size, entry + h.entry_size + h.cubin_size);
  kernel.registers = h.registers;
  kernel.spill_bytes = h.spill_bytes;
  return kernel;
}

// A writer takes milliseconds; a temporary this old was left by one that was killed.
constexpr std::time_t kStaleAfterSeconds = 600;

// Whether `name` is a temporary file of write_atomically for one of the cache's files
// ("<16 hex digits>.cubin.tmp.<anything>"): nothing else in the directory is touched.
bool is_our_temporary(const std::string& name) {
  const std::string prefix_end = ".cubin" + std::string(files::kTemporaryInfix);
  if (name.size() <= 16 + prefix_end.size() || name.compare(16, prefix_end.size(), prefix_end) != 0)
    return false;
  for (std::size_t i = 0; i < 16; ++i)
    if (std::strchr("0123456789abcdef", name[i]) == nullptr) return false;
  return true;
}

std::string errno_text(int error) { return std::strerror(error); }

}  // namespace

std::string DiskCache::default_directory() {
  auto nonempty = [](const char* name) -> const char* {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0' ? value : nullptr;
  };
  if (const char* dir = nonempty("TILETUNE_CACHE_DIR")) return dir;
  // The XDG base-directory rules ignore a relative XDG_CACHE_HOME.
  if (const char* xdg = nonempty("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/')
    return std::string(xdg) + "/tiletune";
  if (const char* home = nonempty("HOME")) return std::string(home) + "/.cache/tiletune";
  if (const passwd* user = ::getpwuid(::geteuid()); user != nullptr && user->pw_dir != nullptr)
    return std::string(user->pw_dir) + "/.cache/tiletune";
  return {};
}

DiskCache::DiskCache(std::string directory, Warn warn)
    : directory_(std::move(directory)), warn_(std::move(warn)) {
  if (!warn_) {
    warn_ = [](const std::string& message) {
      std::fprintf(stderr, "tiletune: warning: %s\n", message.c_str());
    };
  }
}

DiskCache::~DiskCache() {
  if (directory_fd_ >= 0) ::close(directory_fd_);
}

std::shared_ptr<DiskCache> DiskCache::open(const std::string& directory, Warn warn) {
  std::shared_ptr<DiskCache> cache(new DiskCache(directory, std::move(warn)));
  if (directory.empty()) {
    cache->disable("no cache directory (TILETUNE_CACHE_DIR, XDG_CACHE_HOME and HOME are unset)");
    return cache;
  }
  if (const std::string error = files::make_directories(directory); !error.empty()) {
    cache->disable(error);
    return cache;
  }
  // Every later access goes through this descriptor, so the directory checked here is the one
  // used, even if the path is later made to point elsewhere.
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    cache->disable("cannot open cache directory '" + directory + "': " + errno_text(errno));
    return cache;
  }
  cache->directory_fd_ = fd;
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    cache->disable("cannot inspect cache directory '" + directory + "': " + errno_text(errno));
    return cache;
  }
  if (const std::string why = files::untrusted_because(info); !why.empty()) {
    cache->disable("cache directory '" + directory + "' " + why + ": the code in it is not loaded");
    return cache;
  }
  if (::faccessat(fd, ".", W_OK | X_OK, AT_EACCESS) != 0) {
    cache->disable("cache directory '" + directory + "' is not writable: " + errno_text(errno));
    return cache;
  }
  cache->enabled_.store(true, std::memory_order_release);
  cache->remove_stale_temporaries();
  return cache;
}

void DiskCache::disable(const std::string& why) {
  enabled_.store(false, std::memory_order_release);
  if (!warned_.exchange(true)) warn_(why + "; compiled kernels are kept in memory only");
}

std::string DiskCache::file_name(std::string_view key) { return hex64(fnv1a64(key)) + ".cubin"; }

std::string DiskCache::path_for(std::string_view key) const {
  return directory_ + "/" + file_name(key);
}

bool DiskCache::contains(std::string_view key) const {
  if (!enabled()) return false;
  struct stat found {};
  return ::fstatat(directory_fd_, file_name(key).c_str(), &found, AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISREG(found.st_mode);
}

std::optional<CompiledKernel> DiskCache::load(std::string_view key) {
  if (!enabled()) return {};
  const std::string name = file_name(key);
  // O_NONBLOCK: a FIFO planted under the name must not block the open; anything but a regular
  // file (a FIFO, a device, a directory) is then refused by its type, before any read.
  const int fd =
      ::openat(directory_fd_, name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0 && errno == ENOENT) return {};

  std::optional<CompiledKernel> kernel;
  struct stat opened {};
  if (fd >= 0 && ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) &&
      static_cast<std::uint64_t>(opened.st_size) <= kLargestFile) {
    std::string bytes;
    // Other than fstat said (being replaced under us, or damaged): decode finds it wrong.
    if (files::read_bounded(fd, kLargestFile, bytes) == files::ReadOutcome::kWhole)
      kernel = decode(bytes, key);
  }
  if (!kernel) {
    // Remove the bad file, unless a writer has renamed a new one into its place meanwhile.
    struct stat now {};
    const bool same =
        fd < 0 || (::fstatat(directory_fd_, name.c_str(), &now, AT_SYMLINK_NOFOLLOW) == 0 &&
                   now.st_ino == opened.st_ino && now.st_dev == opened.st_dev);
    if (same) ::unlinkat(directory_fd_, name.c_str(), 0);
    ++discarded_;
  }
  if (fd >= 0) ::close(fd);
  return kernel;
}

bool DiskCache::store(std::string_view key, const CompiledKernel& kernel) {
  if (!enabled()) return false;
  const std::vector<char> bytes = encode(key, kernel);
  const std::string error = files::write_atomically_at(
      directory_fd_, file_name(key), std::string_view(bytes.data(), bytes.size()), 0600);
  if (!error.empty()) {
    // One failed write (a full disk, a name taken) says nothing of the next one: the cache stays
    // on, and only the first failure is reported.
    if (!store_warned_.exchange(true))
      warn_("cannot write to cache directory '" + directory_ + "': " + error +
            "; this kernel is kept in memory only");
    return false;
  }
  return true;
}

void DiskCache::remove_stale_temporaries() {
  const int listing_fd = ::openat(directory_fd_, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (listing_fd < 0) return;
  DIR* listing = ::fdopendir(listing_fd);
  if (listing == nullptr) {
    ::close(listing_fd);
    return;
  }
  const std::time_t now = std::time(nullptr);
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (!is_our_temporary(name)) continue;
    struct stat found {};
    if (::fstatat(directory_fd_, name.c_str(), &found, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISREG(found.st_mode) && now - found.st_mtime > kStaleAfterSeconds)
      ::unlinkat(directory_fd_, name.c_str(), 0);
  }
  ::closedir(listing);
}

}  // namespace tiletune::detail
