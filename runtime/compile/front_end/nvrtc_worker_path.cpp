#include "compile/front_end/nvrtc_worker_path.h"
#include "compile/built_in/built_in_files.h"
#include "files/files.h"

#include <sys/mman.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <vector>

// Both set by CMake (runtime/CMakeLists.txt); empty where the runtime is built otherwise.
#ifndef TILETUNE_NVRTC_WORKER_BUILD_PATH
#define TILETUNE_NVRTC_WORKER_BUILD_PATH ""
#endif
#ifndef TILETUNE_NVRTC_WORKER_INSTALL_PATH
#define TILETUNE_NVRTC_WORKER_INSTALL_PATH ""
#endif

namespace tiletune::detail {
namespace {

constexpr const char* kWorkerName = "tiletune-nvrtc-worker";

// Empty when `path` is a file this process may run, else what is wrong with it.
std::string unusable(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return "not found";
  if (!S_ISREG(status.st_mode)) return "not a file";
  if (::access(path.c_str(), X_OK) != 0) return "not executable";
  return {};
}

std::string next_to_this_program() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return (self.parent_path() / kWorkerName).string();
}

// The worker built into libtiletune, written once into an anonymous in-memory file that stays open
// for the life of the process; its path, as the kernel names it for this process's open files, is
// what posix_spawn runs (the file is close-on-exec: the worker opens it through this process).
// "" with `problem` set when it cannot be made.
}  // namespace

std::string built_in_nvrtc_worker_path(std::string& problem) {
  static std::once_flag made;
  static std::string path, why_not;
  std::call_once(made, [] {
    const std::string_view bytes = built_in_nvrtc_worker();
    int fd = -1;
#ifdef MFD_EXEC
    // Where memfd_noexec is set, an in-memory file must ask to be executable.
    fd = ::memfd_create(kWorkerName, MFD_CLOEXEC | MFD_EXEC);
#endif
    if (fd < 0) fd = ::memfd_create(kWorkerName, MFD_CLOEXEC);
    if (fd < 0 || !files::write_all(fd, bytes)) {
      why_not = std::string("the built-in worker could not be written to memory: ") +
                std::strerror(errno);
      if (fd >= 0) ::close(fd);
      return;
    }
    path = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd);
  });
  problem = why_not;
  return path;
}

WorkerSearch find_nvrtc_worker() {
  if (const char* chosen = std::getenv("TILETUNE_NVRTC_WORKER"); chosen && *chosen) {
    if (std::string problem = unusable(chosen); !problem.empty())
      return {{}, std::string("TILETUNE_NVRTC_WORKER=") + chosen + ": " + problem};
    return {chosen, {}};
  }
  std::string looked;
  for (const std::string& candidate :
       {std::string(TILETUNE_NVRTC_WORKER_BUILD_PATH),
        std::string(TILETUNE_NVRTC_WORKER_INSTALL_PATH), next_to_this_program()}) {
    if (candidate.empty()) continue;
    const std::string problem = unusable(candidate);
    if (problem.empty()) return {candidate, {}};
    looked += (looked.empty() ? "" : ", ") + candidate + " (" + problem + ")";
  }
  // None on disk (a program copied alone to another machine): the copy inside the library.
  std::string problem;
  if (std::string path = built_in_nvrtc_worker_path(problem); !path.empty()) return {path, {}};
  return {{}, std::string("no ") + kWorkerName + " at " + looked + ", and " + problem};
}

}  // namespace tiletune::detail
