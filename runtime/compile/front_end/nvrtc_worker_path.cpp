#include "compile/front_end/nvrtc_worker_path.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
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

}  // namespace

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
  return {{}, std::string("no ") + kWorkerName + " at " + looked};
}

}  // namespace tiletune::detail
