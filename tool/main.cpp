// tiletune INPUT.cu -o OUTPUT.cu [-- compiler flags]
//
// Exit status: 0 rewritten, 1 an annotation (or the file) was rejected, 2 usage or internal error.
#include "rewrite_action.h"

#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage =
    "usage: tiletune INPUT.cu -o OUTPUT.cu [-- compiler flags]\n"
    "  Checks every TILETUNE(...) annotation in INPUT.cu and writes the file with each one\n"
    "  rewritten into calls to libtiletune. Flags after -- are the ones nvcc gets (-I, -D, -std).\n";

int usage_error(const std::string& message) {
  llvm::errs() << "tiletune: error: " << message << "\n" << kUsage;
  return 2;
}

// Writes next to the destination then renames, so a reader never sees half a file and a failed
// run leaves the previous output as it was.
bool write_atomically(const std::string& path, const std::string& text, std::string& error) {
  llvm::SmallString<256> temporary;
  int fd = -1;
  llvm::SmallString<256> model(path);
  model += ".tmp-%%%%%%";
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temporary)) {
    error = "cannot create a file next to " + path + ": " + ec.message();
    return false;
  }
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << text;
    out.close();
    if (out.has_error()) {
      error = "cannot write " + std::string(temporary) + ": " + out.error().message();
      out.clear_error();
      llvm::sys::fs::remove(temporary);
      return false;
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temporary, path)) {
    error = "cannot rename " + std::string(temporary) + " to " + path + ": " + ec.message();
    llvm::sys::fs::remove(temporary);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string input, output;
  std::vector<std::string> flags;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      flags.assign(argv + i + 1, argv + argc);
      break;
    }
    if (arg == "-h" || arg == "--help") {
      llvm::outs() << kUsage;
      return 0;
    }
    if (arg == "-o") {
      if (i + 1 == argc) return usage_error("-o needs a file name");
      if (!output.empty()) return usage_error("-o given twice");
      output = argv[++i];
    } else if (!arg.empty() && arg[0] == '-') {
      return usage_error("unknown option '" + arg + "'");
    } else if (input.empty()) {
      input = arg;
    } else {
      return usage_error("more than one input file ('" + input + "', '" + arg + "')");
    }
  }
  if (input.empty()) return usage_error("no input file");
  if (output.empty()) return usage_error("no output file (-o OUTPUT.cu)");
  if (!llvm::sys::fs::exists(input)) return usage_error("no such file: '" + input + "'");
  if (llvm::sys::fs::equivalent(input, output))
    return usage_error("the output would overwrite the input '" + input + "'");

  std::vector<std::string> args = {
      "-x", "cuda", "--cuda-host-only", "--cuda-path=" TILETUNE_CUDA_PATH,
      "-Wno-unknown-cuda-version", "-resource-dir=" TILETUNE_CLANG_RESOURCE_DIR,
      "-DTILETUNE_TOOL=1", "-I" TILETUNE_INCLUDE_DIR};
  args.insert(args.end(), flags.begin(), flags.end());
  clang::tooling::FixedCompilationDatabase database(".", args);
  clang::tooling::ClangTool tool(database, {input});

  tiletune::tool::RewriteResult result;
  int status = tool.run(tiletune::tool::make_rewrite_action_factory(result).get());
  if (!result.ok) return status == 0 || status == 1 ? 1 : 2;

  std::string error;
  if (!write_atomically(output, result.output, error)) {
    llvm::errs() << "tiletune: error: " << error << "\n";
    return 2;
  }
  return 0;
}
