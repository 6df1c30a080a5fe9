#include "compile/machine_code/cubin_linker.h"
#include "cubin/assembler_report.h"
#include "cubin/cubin_registers.h"
#include "nvrtc/compiler_log.h"

#include <tiletune/error.h>

#include <nvJitLink.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tiletune::detail {
namespace {

// nvJitLink has no error-string function of its own.
const char* result_name(nvJitLinkResult result) {
  switch (result) {
    case NVJITLINK_SUCCESS:
      return "success";
    case NVJITLINK_ERROR_UNRECOGNIZED_OPTION:
      return "unrecognized option";
    case NVJITLINK_ERROR_MISSING_ARCH:
      return "missing -arch";
    case NVJITLINK_ERROR_INVALID_INPUT:
      return "invalid input";
    case NVJITLINK_ERROR_PTX_COMPILE:
      return "PTX compilation failed";
    case NVJITLINK_ERROR_NVVM_COMPILE:
      return "NVVM compilation failed";
    case NVJITLINK_ERROR_INTERNAL:
      return "internal error";
    case NVJITLINK_ERROR_THREADPOOL:
      return "thread pool error";
    case NVJITLINK_ERROR_UNRECOGNIZED_INPUT:
      return "unrecognized input";
    case NVJITLINK_ERROR_FINALIZE:
      return "finalizer error";
    case NVJITLINK_ERROR_NULL_INPUT:
      return "null input";
    case NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS:
      return "incompatible options";
    case NVJITLINK_ERROR_INCORRECT_INPUT_TYPE:
      return "incorrect input type";
    case NVJITLINK_ERROR_ARCH_MISMATCH:
      return "architecture mismatch";
    case NVJITLINK_ERROR_OUTDATED_LIBRARY:
      return "outdated library";
    case NVJITLINK_ERROR_MISSING_FATBIN:
      return "missing fatbin";
    case NVJITLINK_ERROR_UNRECOGNIZED_ARCH:
      return "unrecognized -arch";
    case NVJITLINK_ERROR_UNSUPPORTED_ARCH:
      return "unsupported -arch";
    case NVJITLINK_ERROR_LTO_NOT_ENABLED:
      return "requires -lto";
  }
  return "unknown error";
}

void check(nvJitLinkResult result, const char* call) {
  if (result != NVJITLINK_SUCCESS) {
    throw Error(std::string("nvJitLink: ") + call + " failed: " + result_name(result) + " (" +
                std::to_string(static_cast<int>(result)) + ")");
  }
}

// Owns one nvJitLink handle so that every exit path, thrown or not, destroys it.
class Linker {
 public:
  Linker(int arch, const std::vector<std::string>& extra) {
    // -verbose makes the assembler report each function's spills in the info log.
    std::vector<std::string> options = {"-arch=sm_" + std::to_string(arch), "-verbose"};
    options.insert(options.end(), extra.begin(), extra.end());
    std::vector<const char*> pointers;
    for (const std::string& option : options) pointers.push_back(option.c_str());
    check(nvJitLinkCreate(&handle_, static_cast<uint32_t>(pointers.size()), pointers.data()),
          "nvJitLinkCreate");
  }
  ~Linker() { nvJitLinkDestroy(&handle_); }
  Linker(const Linker&) = delete;
  Linker& operator=(const Linker&) = delete;

  nvJitLinkHandle get() const { return handle_; }

  std::string info_log() const {
    return read_log(nvJitLinkGetInfoLogSize, nvJitLinkGetInfoLog, "nvJitLinkGetInfoLog");
  }
  std::string error_log() const {
    return read_log(nvJitLinkGetErrorLogSize, nvJitLinkGetErrorLog, "nvJitLinkGetErrorLog");
  }

 private:
  template <typename GetSize, typename Get>
  std::string read_log(GetSize get_size, Get get, const char* call) const {
    size_t size = 0;
    check(get_size(handle_, &size), call);
    std::string log(size, '\0');
    if (size > 0) check(get(handle_, log.data()), call);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
  }

  nvJitLinkHandle handle_ = nullptr;
};

}  // namespace

std::vector<std::string> assembler_options(const std::vector<std::string>& nvrtc_options) {
  std::vector<std::string> out;
  for (std::string_view option : nvrtc_options) {
    for (std::string_view prefix : {"--maxrregcount=", "-maxrregcount="})
      if (option.substr(0, prefix.size()) == prefix)
        out.push_back("-maxrregcount=" + std::string(option.substr(prefix.size())));
    for (std::string_view prefix : {"--ptxas-options=", "-Xptxas="})
      if (option.substr(0, prefix.size()) == prefix)
        out.push_back("-Xptxas=" + std::string(option.substr(prefix.size())));
    if (option == "--device-debug" || option == "-G") out.emplace_back("-g");
    if (option == "--generate-line-info" || option == "-lineinfo") out.emplace_back("-lineinfo");
  }
  return out;
}

LinkOutput link_to_cubin(std::string_view ptx, std::string_view entry, int arch,
                         const std::vector<std::string>& nvrtc_options) {
  Linker linker(arch, assembler_options(nvrtc_options));
  const std::string name = std::string(entry) + ".ptx";  // names the input in the logs
  const nvJitLinkResult added =
      nvJitLinkAddData(linker.get(), NVJITLINK_INPUT_PTX, ptx.data(), ptx.size(), name.c_str());
  const nvJitLinkResult completed =
      added == NVJITLINK_SUCCESS ? nvJitLinkComplete(linker.get()) : added;
  if (completed != NVJITLINK_SUCCESS) {
    std::string log = linker.error_log();
    if (log.empty()) log = result_name(completed);
    throw CompileError("nvJitLink could not assemble `" + std::string(entry) + "` for sm_" +
                           std::to_string(arch) + ": " + std::string(first_error_line(log)),
                       std::move(log));
  }

  LinkOutput output;
  size_t size = 0;
  check(nvJitLinkGetLinkedCubinSize(linker.get(), &size), "nvJitLinkGetLinkedCubinSize");
  output.cubin.resize(size);
  check(nvJitLinkGetLinkedCubin(linker.get(), output.cubin.data()), "nvJitLinkGetLinkedCubin");
  output.info_log = linker.info_log();
  output.registers = registers_in_cubin(output.cubin, entry);
  output.spill_bytes = spill_bytes_of(output.info_log, entry);
  return output;
}

int linker_version() {
  unsigned major = 0;
  unsigned minor = 0;
  check(nvJitLinkVersion(&major, &minor), "nvJitLinkVersion");
  return static_cast<int>(major * 1000 + minor * 10);
}

}  // namespace tiletune::detail
