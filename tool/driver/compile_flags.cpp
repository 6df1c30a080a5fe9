#include "driver/compile_flags.h"

#include "driver/host_include_dirs.h"
#include "driver/nvcc_flags.h"

#include <clang/Tooling/CompilationDatabase.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <memory>

namespace tiletune::tool {
namespace {

// The flags of a compile command that matter for parsing: include paths, macros, the standard,
// and the host compiler (whose include directories nvcc uses). nvcc's other options (-arch,
// --generate-code, -x cu, ...) mean nothing to Clang.
std::vector<std::string> parsing_flags(const std::vector<std::string>& command) {
  std::vector<std::string> kept;
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    for (const std::string p : {"-I", "-D", "-U", "-isystem", "-include",
                                "-std=", "--std=", "-ccbin", "--compiler-bindir"}) {
      if (a.rfind(p, 0) != 0) continue;
      bool separate = a == p && p.back() != '=' && i + 1 < command.size();
      if (p == "--std=") {
        kept.push_back("-std=" + a.substr(6));
      } else {
        kept.push_back(a);
        if (separate) kept.push_back(command[++i]);
      }
      break;
    }
  }
  return kept;
}

// The public headers: next to an installed tool (<prefix>/bin/../include), else the source tree.
std::string tiletune_include_dir(const char* argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void*>(&tiletune_include_dir));
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(installed, "include", "tiletune", "tiletune.h");
  if (llvm::sys::fs::exists(installed))
    return std::string(llvm::sys::path::parent_path(llvm::sys::path::parent_path(installed)));
  return TILETUNE_INCLUDE_DIR;
}

}  // namespace

bool flags_from_database(const std::string& input, const std::string& build_dir,
                         std::vector<std::string>& flags, std::string& message) {
  std::unique_ptr<clang::tooling::CompilationDatabase> database =
      build_dir.empty()
          ? clang::tooling::CompilationDatabase::autoDetectFromSource(input, message)
          : clang::tooling::CompilationDatabase::loadFromDirectory(build_dir, message);
  if (!database) return false;
  llvm::SmallString<256> absolute(input);
  llvm::sys::fs::make_absolute(absolute);
  std::vector<clang::tooling::CompileCommand> commands =
      database->getCompileCommands(std::string(absolute));
  if (commands.empty()) {
    message = "compile_commands.json has no command for " + std::string(absolute);
    return false;
  }
  flags = parsing_flags(commands.front().CommandLine);
  return true;
}

std::vector<std::string> clang_arguments(const char* argv0, const std::vector<std::string>& flags) {
  NvccTranslation nvcc = translate_nvcc_flags(flags);
  std::vector<std::string> args = {
      "-x", "cuda", "--cuda-host-only", "--cuda-path=" TILETUNE_CUDA_PATH,
      "-Wno-unknown-cuda-version", "-resource-dir=" TILETUNE_CLANG_RESOURCE_DIR,
      "-DTILETUNE_TOOL=1",
      // Every error is held until the tuned code is known (deferred_diagnostics.h): none may
      // stop the parse early.
      "-ferror-limit=0", "-I" + tiletune_include_dir(argv0),
      // nvcc 13 searches include/cccl (cub, thrust, libcu++) itself; Clang does not.
      "-isystem", TILETUNE_CUDA_PATH "/include/cccl"};
  args.insert(args.end(), nvcc.clang_flags.begin(), nvcc.clang_flags.end());
  // nvcc's device intrinsics that Clang's CUDA headers lack, declared for the parse.
  args.push_back("-include");
  args.push_back("tiletune/detail/clang_parse_compat.h");
  // After Clang's own directories, so its builtin headers (stddef.h, ...) still come first.
  for (const std::string& dir : host_include_dirs(nvcc.host_compiler)) {
    args.push_back("-idirafter");
    args.push_back(dir);
  }
  return args;
}

}  // namespace tiletune::tool
