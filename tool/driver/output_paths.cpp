#include "driver/output_paths.h"

#include "files/files.h"

#include <climits>
#include <cstdlib>
#include <optional>
#include <utility>

namespace tiletune::tool {
namespace {

// What is at a path that is not a regular file, as a message says it.
std::string kind_of(const struct stat& info) {
  if (S_ISDIR(info.st_mode)) return "a directory";
  if (S_ISLNK(info.st_mode)) return "a symbolic link";
  if (S_ISFIFO(info.st_mode)) return "a named pipe (FIFO)";
  if (S_ISSOCK(info.st_mode)) return "a socket";
  if (S_ISCHR(info.st_mode)) return "a character device";
  if (S_ISBLK(info.st_mode)) return "a block device";
  return "not a regular file";
}

// Which file an output names, to tell two outputs apart before either exists: the existing file's
// device and inode, else the real path of its directory and its own name.
struct Identity {
  bool exists = false;
  bool null = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string where;

  bool same(const Identity& other) const {
    if (exists != other.exists) return false;
    return exists ? device == other.device && inode == other.inode : where == other.where;
  }
};

std::string directory_of(const std::string& path) {
  const std::string parent = files::parent_of(path);
  if (!parent.empty()) return parent;
  return path.size() > 0 && path[0] == '/' ? "/" : ".";
}

std::string last_component(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The output's identity, or why nothing may be written at its path.
std::optional<Identity> identify(const OutputPath& output, std::string& problem) {
  const std::string& path = output.path;
  const std::string name = last_component(path);
  if (name.empty() || name == "." || name == "..") {
    problem = output.what + " '" + path + "' names a directory, not a file";
    return std::nullopt;
  }
  const std::string directory = directory_of(path);
  struct stat found {};
  char real[PATH_MAX];
  if (::stat(directory.c_str(), &found) != 0 || !S_ISDIR(found.st_mode) ||
      ::realpath(directory.c_str(), real) == nullptr) {
    problem = "the " + output.option + " directory '" + directory + "' does not exist";
    return std::nullopt;
  }
  Identity identity;
  identity.where = std::string(real) + "/" + name;
  if (::lstat(path.c_str(), &found) != 0) return identity;  // a new file
  identity.exists = true;
  identity.device = found.st_dev;
  identity.inode = found.st_ino;
  identity.null = is_null_device(found);
  if (S_ISREG(found.st_mode) || identity.null) return identity;
  problem = output.what + " '" + path + "' is " + kind_of(found) + ": tiletune writes " +
            output.what + " only as a regular file it creates or replaces, or through " +
            "/dev/null, and never in place of anything else";
  return std::nullopt;
}

}  // namespace

bool is_null_device(const struct stat& info) {
  struct stat null {};
  return S_ISCHR(info.st_mode) && ::stat("/dev/null", &null) == 0 && S_ISCHR(null.st_mode) &&
         info.st_rdev == null.st_rdev;
}

bool is_null_device(const std::string& path) {
  struct stat found {};
  return ::lstat(path.c_str(), &found) == 0 && is_null_device(found);
}

std::string output_paths_problem(const std::vector<OutputPath>& outputs,
                                 const std::vector<std::string>& inputs) {
  std::vector<std::pair<Identity, const OutputPath*>> seen;
  for (const OutputPath& output : outputs) {
    std::string problem;
    std::optional<Identity> identity = identify(output, problem);
    if (!identity) return problem;
    // Writing through the null device changes nothing, whatever else names it.
    if (identity->null) continue;
    for (std::size_t i = 0; identity->exists && i < inputs.size(); ++i) {
      struct stat input {};
      if (::stat(inputs[i].c_str(), &input) != 0 || input.st_dev != identity->device ||
          input.st_ino != identity->inode)
        continue;
      return output.what + " would overwrite " +
             (i == 0 ? "the input '" + inputs[i] + "'"
                     : "'" + inputs[i] + "', which the input includes");
    }
    for (const auto& [other, earlier] : seen)
      if (other.same(*identity))
        return earlier->option + " and " + output.option + " name the same file '" + output.path +
               "': one would overwrite the other";
    seen.emplace_back(*identity, &output);
  }
  return {};
}

}  // namespace tiletune::tool
