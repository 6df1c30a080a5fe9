#include "devcheck/check_cache.h"

#include "files/bounded_read.h"
#include "files/files.h"
#include "files/trust.h"
#include "hash/content_hash.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

namespace tiletune::tool {
namespace {

std::string pass_text(const std::string& key) {
  return "tiletune device check passed " + key + "\n";
}

std::uint64_t with_field(std::uint64_t hash, std::string_view field) {
  hash = detail::fnv1a64(field, hash);
  return detail::fnv1a64(std::string_view("\0", 1), hash);  // where one field ends
}

}  // namespace

std::string device_check_cache_dir(const std::string& configured) {
  if (!configured.empty()) return configured;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/')
    return std::string(xdg) + "/tiletune/device-check";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    return std::string(home) + "/.cache/tiletune/device-check";
  return "";
}

std::string check_key(const std::string& source, const std::vector<CheckProgram>& programs,
                      int arch, int nvrtc_version) {
  std::uint64_t hash = with_field(detail::kFnv1aOffset, source);
  for (const CheckProgram& program : programs) {
    for (const std::string& option : program.options) hash = with_field(hash, option);
    hash = with_field(hash, "names");
    for (const std::string& name : program.name_expressions) hash = with_field(hash, name);
    hash = with_field(hash, "program");
  }
  // Machine code for sm_<arch> since issue 29 (PTX for compute_<arch> before): a pass of the PTX
  // check says nothing of what the assembler makes.
  hash = with_field(hash, "sm_" + std::to_string(arch));
  return detail::hex64(with_field(hash, std::to_string(nvrtc_version)));
}

std::optional<std::string> check_passed_before(const std::string& directory,
                                               const std::string& key) {
  if (directory.empty() || !files::untrusted_directory_because(directory).empty())
    return std::nullopt;
  const std::string path = directory + "/" + key;
  // Not through a link, not blocking on a FIFO; then checked for what it is before it is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  const std::string expected = pass_text(key);
  struct stat info {};
  std::string text;
  const bool read =
      ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && files::untrusted_because(info).empty() &&
      files::read_bounded(fd, expected.size() + kMaxRemarks, text) == files::ReadOutcome::kWhole;
  ::close(fd);
  if (!read || text.compare(0, expected.size(), expected) != 0) return std::nullopt;
  return text.substr(expected.size());
}

void record_pass(const std::string& directory, const std::string& key, const std::string& remarks) {
  if (directory.empty() || remarks.size() > kMaxRemarks ||
      !files::make_directories(directory).empty() ||
      !files::untrusted_directory_because(directory).empty())
    return;
  (void)files::write_atomically(directory + "/" + key, pass_text(key) + remarks, 0644);
}

}  // namespace tiletune::tool
