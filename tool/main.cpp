// tiletune INPUT.cu -o OUTPUT.cu [--depfile FILE] [-p BUILD_DIR] [--flags-file FILE]
// [--no-device-check] [--device-check-cache DIR] [--verbose] [--dump-device-sources DIR]
// [-- compiler flags], or
// --version, --help: the command line. Flags come from driver/compile_flags.h, the work from
// rewrite_action.h, the files it writes from driver/output_files.h.
//
// Exit status: 0 rewritten, 1 an annotation (or the file) was rejected, 2 usage or internal error.
#include "devcheck/check_cache.h"
#include "devcheck/device_arch.h"
#include "driver/compile_flags.h"
#include "driver/host_include_dirs.h"
#include "driver/nvrtc_header_libraries.h"
#include "driver/output_files.h"
#include "driver/output_paths.h"
#include "rewrite_action.h"
#include "settings/boolean_variable.h"
#include "slice/include_policy.h"

#include <clang/Basic/Version.h>
#include <cuda.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/raw_ostream.h>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace {

using namespace tiletune::tool;

constexpr const char* kUsage =
    "usage: tiletune INPUT.cu -o OUTPUT.cu [--depfile FILE] [-p BUILD_DIR] [--flags-file FILE] "
    "[-- compiler flags]\n"
    "       tiletune --version | --help\n"
    "  Checks every TILETUNE(...) annotation in INPUT.cu and writes the file with each one\n"
    "  rewritten into calls to libtiletune. Flags after -- are the ones nvcc gets (-I, -D, -std).\n"
    "  Without --, the flags come from compile_commands.json: the one in BUILD_DIR, or else the\n"
    "  first found in INPUT.cu's directory or a parent. --flags-file FILE adds nvcc's flags from\n"
    "  FILE, one per line as CMake's COMPILE_OPTIONS holds them (a line starting with SHELL:\n"
    "  holds several), of which the tool takes those it needs and leaves the rest to nvcc.\n"
    "  Flags that shape the device code (-use_fast_math, -G, -lineinfo, -maxrregcount,\n"
    "  -Xptxas, -ftz, -prec-div, -prec-sqrt, -fmad, -D, -U, -I, ...) reach NVRTC, which\n"
    "  compiles the tuned kernels; one NVRTC has no counterpart of is named in a warning.\n"
    "  --depfile FILE writes a Make-style dependency file listing every file the input includes.\n"
    "  [--no-device-check] [--device-check-cache DIR] [--verbose]:\n"
    "  each site's device code is compiled with NVRTC down to machine code (for the -arch after\n"
    "  --, else nvcc's default sm_75), as its first launch would, and a note counts the\n"
    "  configurations that cannot run there; --no-device-check (or TILETUNE_DEVICE_CHECK=0) skips\n"
    "  that.\n"
    "  A check that passed is kept in --device-check-cache DIR (default\n"
    "  $XDG_CACHE_HOME/tiletune/device-check, else ~/.cache/tiletune/device-check).\n"
    "  --verbose says, per site, what the check compiled, and lists each place of host code\n"
    "  Clang rejects that no tuned kernel depends on (left to nvcc; otherwise one line counts\n"
    "  them).\n"
    "  --dump-device-sources DIR (for tests) writes each site's device source and the NVRTC\n"
    "  programs the check compiles from it into DIR, as JSON.\n";

struct CommandLine {
  std::string input, output, depfile, build_dir, device_check_cache, dump_dir, flags_file;
  bool device_check = true;
  bool verbose = false;
  std::vector<std::string> flags;
  bool explicit_flags = false;  // given after --
};

int usage_error(const std::string& message) {
  llvm::errs() << "tiletune: error: " << message << "\n" << kUsage;
  return 2;
}

// Takes argv[i] (and the value after it) into `line`; an exit status when the tool must stop.
std::optional<int> take_argument(int argc, char** argv, int& i, CommandLine& line) {
  std::string arg = argv[i];
  if (arg == "-h" || arg == "--help") {
    llvm::outs() << kUsage;
    return 0;
  }
  if (arg == "--version") {
    llvm::outs() << "tiletune " TILETUNE_VERSION_TEXT " (Clang " CLANG_VERSION_STRING ", CUDA "
                 << CUDA_VERSION / 1000 << "." << CUDA_VERSION % 1000 / 10 << ")\n";
    return 0;
  }
  if (arg == "--no-device-check" || arg == "--verbose") {
    (arg == "--verbose" ? line.verbose : line.device_check) = arg == "--verbose";
    return std::nullopt;
  }
  if (arg == "--device-check-cache" || arg == "--dump-device-sources") {
    if (i + 1 == argc) return usage_error(arg + " needs a directory");
    (arg == "--device-check-cache" ? line.device_check_cache : line.dump_dir) = argv[++i];
    return std::nullopt;
  }
  if (arg == "--flags-file") {
    if (i + 1 == argc) return usage_error(arg + " needs a file name");
    line.flags_file = argv[++i];
    return std::nullopt;
  }
  if (arg == "--depfile" || arg == "-p" || arg == "-o") {
    if (i + 1 == argc) return usage_error(arg + " needs a file name");
    if (arg == "-o" && !line.output.empty()) return usage_error("-o given twice");
    (arg == "-p" ? line.build_dir : arg == "-o" ? line.output : line.depfile) = argv[++i];
    return std::nullopt;
  }
  if (!arg.empty() && arg[0] == '-') return usage_error("unknown option '" + arg + "'");
  if (!line.input.empty())
    return usage_error("more than one input file ('" + line.input + "', '" + arg + "')");
  line.input = arg;
  return std::nullopt;
}

// The outputs as output_paths.h checks them, against the files the run reads: before the parse
// the input, after it every file the input includes as well (a path may also have changed).
std::optional<int> check_outputs(const CommandLine& line, std::vector<std::string> inputs) {
  std::vector<OutputPath> outputs{{"the output", "-o", line.output}};
  if (!line.depfile.empty()) outputs.push_back({"the dependency file", "--depfile", line.depfile});
  inputs.insert(inputs.begin(), line.input);
  std::string problem = output_paths_problem(outputs, inputs);
  if (problem.empty()) return std::nullopt;
  return usage_error(problem);
}

// The command line, or the exit status to stop with.
std::variant<CommandLine, int> parse_command_line(int argc, char** argv) {
  CommandLine line;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--") {
      line.flags.assign(argv + i + 1, argv + argc);
      line.explicit_flags = true;
      break;
    }
    if (std::optional<int> status = take_argument(argc, argv, i, line)) return *status;
  }
  if (line.input.empty()) return usage_error("no input file");
  if (line.output.empty()) return usage_error("no output file (-o OUTPUT.cu)");
  if (!llvm::sys::fs::exists(line.input)) return usage_error("no such file: '" + line.input + "'");
  if (std::optional<int> status = check_outputs(line, {})) return *status;
  return line;
}

// Each of nvcc's flags that shape the device code and that NVRTC cannot be given, once per file:
// the tuned kernels then differ from what nvcc builds of the same code.
void warn_without_counterpart(const CommandLine& line, const NvrtcOptions& nvrtc) {
  for (const std::string& flag : nvrtc.without_counterpart)
    llvm::errs() << "tiletune: warning: " << line.input << ": nvcc's '" << flag
                 << "' has no NVRTC counterpart: the first launch compiles this file's tuned "
                    "kernels without it\n";
}

// Where the rewritten headers go: OUTPUT.headers/, beside the output, named from the output's
// directory as the rewritten file includes them.
std::string headers_directory(const CommandLine& line) {
  return llvm::sys::path::filename(line.output).str() + ".headers";
}

// The rewritten headers first, then the file that includes them, then the dependency file: a
// failure leaves no output that names what is missing.
int write_outputs(const CommandLine& line, const RewriteResult& result) {
  if (std::optional<int> status = check_outputs(line, result.dependencies)) return *status;
  std::string error;
  llvm::SmallString<256> headers(llvm::sys::path::parent_path(line.output));
  llvm::sys::path::append(headers, headers_directory(line));
  if (!result.headers.empty())
    if (std::error_code failed = llvm::sys::fs::create_directories(headers))
      error = "cannot create '" + std::string(headers) + "': " + failed.message();
  for (const RewrittenFile& header : result.headers) {
    llvm::SmallString<256> path(headers);
    llvm::sys::path::append(path, header.name);
    if (!error.empty() || !write_atomically(std::string(path), header.text, error)) break;
  }
  if (!error.empty() || !write_atomically(line.output, result.output, error) ||
      (!line.depfile.empty() &&
       !write_atomically(line.depfile, depfile_text(line.output, result.dependencies), error))) {
    llvm::errs() << "tiletune: error: " << error << "\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::variant<CommandLine, int> parsed = parse_command_line(argc, argv);
  if (const int* status = std::get_if<int>(&parsed)) return *status;
  CommandLine& line = std::get<CommandLine>(parsed);
  if (!line.explicit_flags) {
    std::string message;
    if (!flags_from_database(line.input, line.build_dir, line.flags, message) &&
        !line.build_dir.empty())
      return usage_error("no flags for " + line.input + " in " + line.build_dir + ": " + message);
  }
  if (std::string message;
      !line.flags_file.empty() && !flags_from_file(line.flags_file, line.flags, message))
    return usage_error(message);
  NvccTranslation nvcc = translate_nvcc_flags(line.flags);
  const std::vector<std::string> host_dirs = host_include_dirs(nvcc.host_compiler);
  leave_out_compilers_directories(nvcc.nvrtc, host_dirs);
  RewriteOptions options;
  options.nvrtc_options = nvcc.nvrtc.options;
  options.headers_directory = headers_directory(line);
  DeviceCheckOptions& device_check = options.device_check;
  // The environment's say, for builds that cannot add a flag (tiletune-nvcc, in nvcc's place).
  const bool device_check_wanted = tiletune::settings::boolean_variable(
      "TILETUNE_DEVICE_CHECK", true,
      [](const std::string& message) { llvm::errs() << "tiletune: warning: " << message << "\n"; });
  device_check.enabled = line.device_check && device_check_wanted;
  device_check.arch = device_check_arch(line.flags);
  device_check.cache_dir = device_check_cache_dir(line.device_check_cache);
  device_check.verbose = line.verbose;
  device_check.dump_dir = line.dump_dir;
  // Header libraries written for NVRTC among the include directories: Clang reads them as system
  // headers, and the slice #includes them (NVRTC gets the same directories).
  std::vector<std::string> clang_args = clang_arguments(argv[0], nvcc, host_dirs);
  std::vector<std::string> libraries = nvrtc_header_libraries(include_directories(nvcc.nvrtc));
  for (const std::string& library : libraries)
    clang_args.push_back("--system-header-prefix=" + library + "/");
  set_nvrtc_header_libraries(std::move(libraries));
  RewriteResult result;
  int status = run_rewrite(line.input, clang_args, result, options);
  // A Clang error (an unknown flag is reported by the driver, outside the parse) fails the run.
  if (!result.ok || status != 0) return status == 0 || status == 1 ? 1 : 2;
  if (result.sites != 0) warn_without_counterpart(line, nvcc.nvrtc);
  return write_outputs(line, result);
}
