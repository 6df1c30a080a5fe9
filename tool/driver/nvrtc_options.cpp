#include "driver/nvrtc_options.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <array>

namespace tiletune::tool {
namespace {

struct Entry {
  std::array<std::string_view, 4> names;  // nvcc's spellings ("" fills the rest)
  DeviceOption option;
};

// From `nvcc --help` and NVRTC's list of options (nvrtc.h), CUDA 13.0. Options that concern only
// what nvcc builds around the tuned kernel are not here: host code (-Xcompiler, -O, -g,
// --default-stream), the architectures (the first launch compiles for the GPU it runs on),
// linking and separate compilation (-rdc, -dc, -dlto, -Xnvlink: a tuned kernel is a program of
// its own), output and reports (-keep, -res-usage, -opt-info), warnings (nvcc still compiles the
// kernel in the rewritten file) and -std (the parse's standard decides it: nvrtc_language.h).
constexpr std::array kEntries = {
    Entry{{"-use_fast_math", "--use_fast_math"}, {"--use_fast_math"}},
    Entry{{"-G", "--device-debug"}, {"--device-debug"}},
    Entry{{"-lineinfo", "--generate-line-info"}, {"--generate-line-info"}},
    Entry{{"-restrict", "--restrict"}, {"--restrict"}},
    Entry{{"-extra-device-vectorization", "--extra-device-vectorization"},
          {"--extra-device-vectorization"}},
    Entry{{"-maxrregcount", "--maxrregcount"}, {"--maxrregcount=", true}},
    Entry{{"-Xptxas", "--ptxas-options"}, {"--ptxas-options=", true}},
    Entry{{"-ftz", "--ftz"}, {"--ftz=", true}},
    Entry{{"-prec-div", "--prec-div"}, {"--prec-div=", true}},
    Entry{{"-prec-sqrt", "--prec-sqrt"}, {"--prec-sqrt=", true}},
    Entry{{"-fmad", "--fmad"}, {"--fmad=", true}},
    Entry{{"-dopt", "--dopt"}, {"--dopt=", true}},
    Entry{{"-Ofc", "--Ofast-compile"}, {"--Ofast-compile=", true}},
    Entry{{"-jtd", "--jump-table-density"}, {"--jump-table-density=", true}},
    Entry{{"-device-stack-protector", "--device-stack-protector"},
          {"--device-stack-protector=", true}},
    Entry{{"-diag-error", "--diag-error"}, {"--diag-error=", true}},
    Entry{{"-diag-suppress", "--diag-suppress"}, {"--diag-suppress=", true}},
    Entry{{"-diag-warn", "--diag-warn"}, {"--diag-warn=", true}},
    Entry{{"-D", "--define-macro"}, {"-D", true, true}},
    Entry{{"-U", "--undefine-macro"}, {"-U", true, true}},
    Entry{{"-I", "--include-path"}, {kIncludePathOption, true, true}},
    Entry{{"-isystem", "--system-include"}, {kIncludePathOption, true, true}},
    // No counterpart in NVRTC 13.0: it refuses --extended-lambda (a __device__ lambda is then its
    // error), and has no sanitizer or template depth option.
    Entry{{"-extended-lambda", "--extended-lambda", "-expt-extended-lambda",
           "--expt-extended-lambda"},
          {""}},
    // What it allows device code (calling constexpr functions not marked __device__), the slice
    // gives NVRTC: it marks the constexpr functions it carries __host__ __device__, and compiles a
    // header library it includes with -default-device. Nothing to warn about.
    Entry{{"-expt-relaxed-constexpr", "--expt-relaxed-constexpr"}, {"", false, false, true}},
    Entry{{"-sanitize", "--sanitize"}, {"", true}},
    Entry{{"-ftemplate-depth", "--ftemplate-depth"}, {"", true}},
};

// Where the first launch finds the directory: as given when absolute, else from the directory
// the build runs in.
std::string absolute_directory(std::string_view directory) {
  llvm::SmallString<256> path(directory);
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return std::string(path);
}

void add_once(std::vector<std::string>& list, std::string item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(std::move(item));
}

}  // namespace

void leave_out_compilers_directories(NvrtcOptions& nvrtc,
                                     const std::vector<std::string>& host_dirs) {
  std::vector<std::string> searched = host_dirs;
  searched.push_back(TILETUNE_CUDA_PATH "/include");
  searched.push_back(TILETUNE_CUDA_PATH "/include/cccl");
  std::erase_if(nvrtc.options, [&](const std::string& option) {
    if (option.rfind(kIncludePathOption, 0) != 0) return false;
    const std::string directory = option.substr(kIncludePathOption.size());
    return std::any_of(searched.begin(), searched.end(), [&](const std::string& other) {
      return llvm::sys::fs::equivalent(directory, other);
    });
  });
}

std::vector<std::string> include_directories(const NvrtcOptions& nvrtc) {
  std::vector<std::string> directories;
  for (const std::string& option : nvrtc.options)
    if (option.rfind(kIncludePathOption, 0) == 0)
      directories.push_back(option.substr(kIncludePathOption.size()));
  return directories;
}

const DeviceOption* device_option(std::string_view name) {
  for (const Entry& entry : kEntries)
    if (std::find(entry.names.begin(), entry.names.end(), name) != entry.names.end() &&
        !name.empty())
      return &entry.option;
  return nullptr;
}

void add_nvrtc_option(std::string_view name, const DeviceOption& option, std::string_view value,
                      NvrtcOptions& out) {
  if (option.nvrtc.empty()) {
    if (option.slice_does_it) return;
    add_once(out.without_counterpart,
             std::string(name) + (value.empty() ? "" : "=" + std::string(value)));
    return;
  }
  if (!option.takes_value) {
    out.options.emplace_back(option.nvrtc);
    return;
  }
  // nvcc splits the assembler's options and the include directories at commas.
  const bool list = option.nvrtc == "--ptxas-options=" || option.nvrtc == kIncludePathOption;
  while (true) {
    const std::size_t comma = list ? value.find(',') : std::string_view::npos;
    const std::string_view item = value.substr(0, comma);
    // A directory given twice (the file's own and the target's) is searched once.
    if (option.nvrtc == kIncludePathOption)
      add_once(out.options, std::string(option.nvrtc) + absolute_directory(item));
    else
      out.options.push_back(std::string(option.nvrtc) + std::string(item));
    if (comma == std::string_view::npos) break;
    value.remove_prefix(comma + 1);
  }
}

}  // namespace tiletune::tool
