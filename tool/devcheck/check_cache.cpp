#include "devcheck/check_cache.h"

#include "files/files.h"
#include "hash/content_hash.h"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

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
  hash = with_field(hash, std::to_string(arch));
  return detail::hex64(with_field(hash, std::to_string(nvrtc_version)));
}

bool check_passed_before(const std::string& directory, const std::string& key) {
  if (directory.empty()) return false;
  const std::string path = directory + "/" + key;
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return false;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return in.is_open() && text.str() == pass_text(key);
}

void record_pass(const std::string& directory, const std::string& key) {
  if (directory.empty() || !files::make_directories(directory).empty()) return;
  (void)files::write_atomically(directory + "/" + key, pass_text(key), 0644);
}

}  // namespace tiletune::tool
