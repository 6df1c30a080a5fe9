#include "nvrtc/nvrtc_front_end.h"
#include "cubin/assembler_report.h"
#include "cubin/cubin_registers.h"
#include "nvrtc/compiler_log.h"

#include <tiletune/error.h>

#include <nvrtc.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#ifndef TILETUNE_CUDA_INCLUDE_DIR
#define TILETUNE_CUDA_INCLUDE_DIR "/usr/local/cuda/include"
#endif

namespace tiletune::detail {
namespace {

void check(nvrtcResult result, const char* call) {
  if (result != NVRTC_SUCCESS) {
    throw Error(std::string("NVRTC: ") + call + " failed: " + nvrtcGetErrorString(result));
  }
}

// Owns one NVRTC program so that every exit path, thrown or not, destroys it.
class Program {
 public:
  Program(std::string_view source, const std::string& name) {
    const std::string text(source);  // NVRTC wants a NUL-terminated string
    check(nvrtcCreateProgram(&program_, text.c_str(), name.c_str(), 0, nullptr, nullptr),
          "nvrtcCreateProgram");
  }
  ~Program() { nvrtcDestroyProgram(&program_); }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  nvrtcProgram get() const { return program_; }

 private:
  nvrtcProgram program_ = nullptr;
};

std::string program_log(nvrtcProgram program) {
  size_t size = 0;
  check(nvrtcGetProgramLogSize(program, &size), "nvrtcGetProgramLogSize");
  std::string log(size, '\0');
  check(nvrtcGetProgramLog(program, log.data()), "nvrtcGetProgramLog");
  // The size counts the terminating NUL; a log with nothing in it is a lone NUL.
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace

std::vector<std::string> front_end_options(const FrontEndInput& input) {
  std::vector<std::string> options = {
      (input.cubin ? "--gpu-architecture=sm_" : "--gpu-architecture=compute_") +
          std::to_string(input.arch),
      "-std=c++17",
      "-lineinfo",
  };
  // Where the toolkit's headers are missing (a machine with only the driver and NVRTC) the runtime
  // passes the copy built into libtiletune in input.options (runtime/compile/built_in/).
  if (const std::string toolkit = toolkit_include_dir(); ::access(toolkit.c_str(), F_OK) == 0)
    options.push_back("--include-path=" + toolkit);
  // ptxas reports each function's spills in the program log (registers are read from the cubin).
  if (input.cubin) options.push_back("--ptxas-options=-v");
  // NVRTC 13 otherwise keeps every program in the driver's compute cache (~/.nv/ComputeCache) where
  // a driver is installed, and a program found there comes back with an empty log: no spills, no
  // warnings. Its lookups also ran one at a time on the H100 host (24 programs on 16 threads took
  // as long as on one). tiletune keeps its own cache of machine code, and a tuning would fill the
  // driver's (shared with every CUDA program of the user) with programs nobody builds again. (The
  // build requires CUDA 13, whose NVRTC has the option.)
  options.push_back("--no-cache");
  // CUDA 13 keeps cub, thrust and libcu++ under include/cccl.
  if (const std::string cccl = toolkit_include_dir() + "/cccl"; ::access(cccl.c_str(), F_OK) == 0)
    options.push_back("--include-path=" + cccl);
  // Caller's options come last so that they win where NVRTC takes the last of repeated options
  // (e.g. a later -std=).
  options.insert(options.end(), input.options.begin(), input.options.end());
  return options;
}

FrontEndBatchOutput compile_to_ptx(const FrontEndInput& input,
                                   const std::vector<std::string>& name_expressions) {
  Program program(input.source, input.source_name);
  for (const std::string& name : name_expressions)
    check(nvrtcAddNameExpression(program.get(), name.c_str()), "nvrtcAddNameExpression");

  const std::vector<std::string> options = front_end_options(input);
  std::vector<const char*> option_pointers;
  option_pointers.reserve(options.size());
  for (const std::string& option : options) option_pointers.push_back(option.c_str());

  const nvrtcResult compiled = nvrtcCompileProgram(
      program.get(), static_cast<int>(option_pointers.size()), option_pointers.data());
  FrontEndBatchOutput output;
  output.log = program_log(program.get());
  if (compiled == NVRTC_ERROR_COMPILATION) {
    std::string names;
    for (const std::string& name : name_expressions)
      names += (names.empty() ? "`" : ", `") + name + "`";
    throw CompileError(
        "NVRTC could not compile " + names + ": " + std::string(first_error_line(output.log)),
        output.log);
  }
  if (compiled != NVRTC_SUCCESS) {
    // Not the source's fault (e.g. an option NVRTC does not know), but the log says what it was.
    throw Error(std::string("NVRTC: nvrtcCompileProgram failed: ") + nvrtcGetErrorString(compiled) +
                ": " + std::string(first_error_line(output.log)));
  }

  if (input.cubin) {
    size_t cubin_size = 0;
    check(nvrtcGetCUBINSize(program.get(), &cubin_size), "nvrtcGetCUBINSize");
    output.cubin.resize(cubin_size);
    check(nvrtcGetCUBIN(program.get(), output.cubin.data()), "nvrtcGetCUBIN");
  } else {
    size_t ptx_size = 0;
    check(nvrtcGetPTXSize(program.get(), &ptx_size), "nvrtcGetPTXSize");
    output.ptx.resize(ptx_size);
    check(nvrtcGetPTX(program.get(), output.ptx.data()), "nvrtcGetPTX");
    if (!output.ptx.empty() && output.ptx.back() == '\0') output.ptx.pop_back();
  }

  for (const std::string& name : name_expressions) {
    const char* lowered = nullptr;
    check(nvrtcGetLoweredName(program.get(), name.c_str(), &lowered), "nvrtcGetLoweredName");
    output.lowered_names.emplace_back(lowered);  // owned by the program: copied before it goes
    if (input.cubin) {
      output.registers.push_back(registers_in_cubin(output.cubin, output.lowered_names.back()));
      output.spill_bytes.push_back(spill_bytes_of(output.log, output.lowered_names.back()));
    }
  }
  return output;
}

FrontEndOutput compile_to_ptx(const FrontEndInput& input) {
  return only_kernel(compile_to_ptx(input, {input.name_expression}));
}

FrontEndOutput only_kernel(FrontEndBatchOutput&& batch) {
  FrontEndOutput output;
  output.ptx = std::move(batch.ptx);
  output.cubin = std::move(batch.cubin);
  if (!batch.registers.empty()) output.registers = batch.registers.front();
  if (!batch.spill_bytes.empty()) output.spill_bytes = batch.spill_bytes.front();
  output.lowered_name = std::move(batch.lowered_names.front());
  output.log = std::move(batch.log);
  return output;
}

int nvrtc_version() {
  int major = 0;
  int minor = 0;
  check(nvrtcVersion(&major, &minor), "nvrtcVersion");
  return major * 1000 + minor * 10;
}

namespace {
std::string& built_in_directory_for_testing() {
  static std::string directory;
  return directory;
}
}  // namespace

std::string toolkit_include_dir() {
  if (const char* from_environment = std::getenv("TILETUNE_CUDA_INCLUDE");
      from_environment != nullptr && *from_environment != '\0') {
    return from_environment;
  }
  if (!built_in_directory_for_testing().empty()) return built_in_directory_for_testing();
  return TILETUNE_CUDA_INCLUDE_DIR;
}

void set_toolkit_include_dir_for_testing(std::string directory) {
  built_in_directory_for_testing() = std::move(directory);
}

}  // namespace tiletune::detail
