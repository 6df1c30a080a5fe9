#include "compile/built_in/toolkit_headers.h"
#include "compile/built_in/built_in_files.h"
#include "files/files.h"
#include "nvrtc/nvrtc_front_end.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <system_error>

namespace tiletune::detail {
namespace {

bool holds_toolkit_headers(const std::string& directory) {
  return ::access((directory + "/cuda_fp16.h").c_str(), R_OK) == 0;
}

// A directory this user owns and nobody else may write: its files are trusted as compiler input.
std::string untrusted(const std::string& directory) {
  struct stat status {};
  if (::lstat(directory.c_str(), &status) != 0) return std::strerror(errno);
  if (!S_ISDIR(status.st_mode)) return "not a directory";
  if (status.st_uid != ::geteuid()) return "another user's";
  if ((status.st_mode & (S_IWGRP | S_IWOTH)) != 0) return "writable by group or others";
  return {};
}

// Every file of the archive written below `root`; "" or what failed.
std::string unpack(std::string_view archive, const std::string& root) {
  while (!archive.empty()) {
    const std::size_t name_end = archive.find('\n');
    const std::size_t size_end =
        name_end == std::string_view::npos ? name_end : archive.find('\n', name_end + 1);
    if (size_end == std::string_view::npos) return "the built-in header archive is damaged";
    const std::string name(archive.substr(0, name_end));
    const std::size_t size = std::strtoull(
        std::string(archive.substr(name_end + 1, size_end - name_end - 1)).c_str(), nullptr, 10);
    if (size > archive.size() - size_end - 1 || name.empty() || name.front() == '/' ||
        name.find("..") != std::string::npos)
      return "the built-in header archive is damaged";
    const std::string path = root + "/" + name;
    std::error_code error;
    std::filesystem::create_directories(files::parent_of(path), error);
    if (error) return "cannot create " + files::parent_of(path) + ": " + error.message();
    if (std::string why = files::write_atomically(path, archive.substr(size_end + 1, size), 0644);
        !why.empty())
      return why;
    archive.remove_prefix(size_end + 1 + size);
  }
  return {};
}

}  // namespace

std::string write_built_in_toolkit_headers(const std::string& parent, std::string& problem) {
  const std::string directory =
      parent + "/tiletune-cuda-include-" + std::string(built_in_toolkit_headers_hash());
  if (untrusted(directory).empty() && holds_toolkit_headers(directory)) return directory;
  std::error_code error;
  std::filesystem::create_directories(parent, error);
  std::string temporary = directory + ".tmp.XXXXXX";
  if (error || ::mkdtemp(temporary.data()) == nullptr) {  // mode 0700
    problem = "cannot create a directory in " + parent + ": " +
              (error ? error.message() : std::strerror(errno));
    return {};
  }
  problem = unpack(built_in_toolkit_headers(), temporary);
  if (problem.empty()) ::chmod(temporary.c_str(), 0755);
  // Another process may have put its whole copy there first: then this one is not needed.
  if (!problem.empty() || ::rename(temporary.c_str(), directory.c_str()) != 0)
    std::filesystem::remove_all(temporary, error);
  if (!problem.empty()) return {};
  if (std::string why = untrusted(directory); !why.empty() || !holds_toolkit_headers(directory)) {
    problem = directory + " is " + (why.empty() ? "incomplete" : why);
    return {};
  }
  return directory;
}

ToolkitHeaders toolkit_headers(const std::string& cache_dir) {
  const std::string toolkit = toolkit_include_dir();
  const char* chosen = std::getenv("TILETUNE_CUDA_INCLUDE");
  if ((chosen != nullptr && *chosen != '\0') || holds_toolkit_headers(toolkit))
    return {toolkit, {}, {}};
  ToolkitHeaders headers;
  const char* tmp = std::getenv("TMPDIR");
  for (const std::string& parent :
       {cache_dir, std::string(tmp != nullptr && *tmp == '/' ? tmp : "/tmp")}) {
    if (parent.empty()) continue;
    std::string problem;
    if (std::string directory = write_built_in_toolkit_headers(parent, problem);
        !directory.empty()) {
      headers.directory = directory;
      headers.options = {"--include-path=" + directory, "--include-path=" + directory + "/cccl"};
      headers.problem.clear();
      return headers;
    }
    headers.problem += (headers.problem.empty() ? "" : "; ") + problem;
  }
  return headers;
}

}  // namespace tiletune::detail
