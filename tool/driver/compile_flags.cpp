#include "driver/compile_flags.h"

#include <clang/Tooling/CompilationDatabase.h>
#include <llvm/Support/Allocator.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/StringSaver.h>

#include <memory>

namespace tiletune::tool {
namespace {

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
  const std::vector<std::string>& command = commands.front().CommandLine;
  flags = flags_the_tool_takes(std::vector<std::string>(command.begin() + 1, command.end()));
  return true;
}

bool flags_from_file(const std::string& path, std::vector<std::string>& flags,
                     std::string& message) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text = llvm::MemoryBuffer::getFile(path);
  if (!text) {
    message = "cannot read the flags file '" + path + "': " + text.getError().message();
    return false;
  }
  std::vector<std::string> words;
  llvm::SmallVector<llvm::StringRef, 32> lines;
  (*text)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    line = line.rtrim("\r");
    if (line.empty()) continue;
    if (!line.consume_front("SHELL:")) {
      words.push_back(line.str());
      continue;
    }
    llvm::BumpPtrAllocator allocator;
    llvm::StringSaver saver(allocator);
    llvm::SmallVector<const char*, 16> split;
    llvm::cl::TokenizeGNUCommandLine(line, saver, split);
    for (const char* word : split)
      if (word != nullptr) words.emplace_back(word);
  }
  std::vector<std::string> taken = flags_the_tool_takes(words);
  flags.insert(flags.end(), taken.begin(), taken.end());
  return true;
}

std::vector<std::string> clang_arguments(const char* argv0, const NvccTranslation& nvcc,
                                         const std::vector<std::string>& host_dirs) {
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
  for (const std::string& dir : host_dirs) {
    args.push_back("-idirafter");
    args.push_back(dir);
  }
  return args;
}

}  // namespace tiletune::tool
