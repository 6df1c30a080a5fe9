// Machine code kept on disk across processes, one file per variant, named by a hash of its key.
//
// Each file is a header (magic, format version, sizes, registers, spill bytes, checksum), then the
// variant's full key, its entry name and the cubin. A file whose size, magic, key or checksum is
// not right (truncated, damaged, written by something else, or another key's file under a colliding
// name) is removed and reported as a miss, so the caller compiles again and rewrites it; it is
// never loaded. Writes go to a temporary file in the directory that is then renamed over the final
// name, so a reader sees a whole old file or a whole new one, however many processes write the same
// key. Nothing is fsync'ed: a file cut short by a crash fails its checks and is rebuilt.
//
// The cubins in the directory are code that will run, so a directory that another user could have
// written is not read: not owned by this user, or writable by group or others, it is refused.
// Refused, not creatable or not writable, the cache is off for the life of this object (the
// compiler keeps machine code in memory only) after one warning. A write that fails later leaves
// the cache on (the next one may work) and warns once. Temporary files of writers killed
// mid-write (older than ten minutes) are removed when the cache opens.
#pragma once

#include "compile/compile_request.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tiletune::detail {

class DiskCache {
 public:
  using Warn = std::function<void(const std::string& message)>;

  // Opens `directory`, creating it (and missing parents) private to the user (0700). Never
  // throws: a directory that cannot be used gives a cache that is off, after one call to `warn`.
  // The default `warn` prints "tiletune: warning: ..." on stderr.
  static std::shared_ptr<DiskCache> open(const std::string& directory, Warn warn = {});

  // $TILETUNE_CACHE_DIR, else $XDG_CACHE_HOME/tiletune, else ~/.cache/tiletune. Empty where
  // none of these can be found (no HOME and no password entry).
  static std::string default_directory();

  ~DiskCache();
  DiskCache(const DiskCache&) = delete;
  DiskCache& operator=(const DiskCache&) = delete;

  // Whether the cache reads and writes the directory (false after a refusal when opened).
  bool enabled() const { return enabled_.load(std::memory_order_acquire); }
  const std::string& directory() const { return directory_; }

  // The variant stored under `key`, or nothing (absent, off, or a bad file, which is removed).
  std::optional<CompiledKernel> load(std::string_view key);
  // Writes `kernel` under `key`; false if it was not written (off, or the write failed: the
  // first failure warns, and the cache stays on).
  bool store(std::string_view key, const CompiledKernel& kernel);

  // Whether a file for `key` is there (it may still prove bad when loaded); false when off.
  bool contains(std::string_view key) const;
  // The file that holds `key` (whether or not it exists).
  std::string path_for(std::string_view key) const;
  // Files found bad and removed by load().
  int discarded() const { return discarded_.load(); }

 private:
  DiskCache(std::string directory, Warn warn);
  void disable(const std::string& why);
  void remove_stale_temporaries();
  static std::string file_name(std::string_view key);

  std::string directory_;
  Warn warn_;
  int directory_fd_ = -1;
  std::atomic<bool> enabled_{false};
  std::atomic<bool> warned_{false};
  std::atomic<bool> store_warned_{false};
  std::atomic<int> discarded_{0};
};

}  // namespace tiletune::detail
