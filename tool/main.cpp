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
    "usage: tiletune INPUT.cu -o OUTPUT.cu [--depfile FILE] [-p BUILD_DIR] [-- compiler flags]\n"
    "  Checks every TILETUNE(...) annotation in INPUT.cu and writes the file with each one\n"
    "  rewritten into calls to libtiletune. Flags after -- are the ones nvcc gets (-I, -D, -std).\n"
    "  Without --, the flags come from compile_commands.json: the one in BUILD_DIR, or else the\n"
    "  first found in INPUT.cu's directory or a parent.\n"
    "  --depfile FILE writes a Make-style dependency file listing every file the input includes.\n";

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

// The public headers: next to an installed tool (<prefix>/bin/../include), else the source tree.
static std::string tiletune_include_dir(const char* argv0) {
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void*>(&usage_error));
  llvm::SmallString<256> installed(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(installed, "include", "tiletune", "tiletune.h");
  if (llvm::sys::fs::exists(installed))
    return std::string(llvm::sys::path::parent_path(llvm::sys::path::parent_path(installed)));
  return TILETUNE_INCLUDE_DIR;
}

// The flags of a compile command that matter for parsing: include paths, macros, the standard.
// nvcc's own options (-arch, --generate-code, -x cu, ...) mean nothing to Clang.
static std::vector<std::string> parsing_flags(const std::vector<std::string>& command) {
  std::vector<std::string> kept;
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    for (const char* prefix : {"-I", "-D", "-U", "-isystem", "-include", "-std=", "--std="}) {
      std::string p = prefix;
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

// Flags for `input` from a compilation database; false (with a message) when there is none.
static bool flags_from_database(const std::string& input, const std::string& build_dir,
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

// Make-style: "OUTPUT: dep1 dep2 ...", spaces escaped.
static std::string depfile_text(const std::string& output, const std::vector<std::string>& files) {
  auto escape = [](const std::string& path) {
    std::string out;
    for (char c : path) {
      if (c == ' ' || c == '#') out += '\\';
      if (c == '$') out += '$';
      out += c;
    }
    return out;
  };
  std::string text = escape(output) + ":";
  for (const std::string& f : files) text += " \\\n  " + escape(f);
  return text + "\n";
}

int main(int argc, char** argv) {
  std::string input, output, depfile, build_dir;
  std::vector<std::string> flags;
  bool explicit_flags = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--") {
      flags.assign(argv + i + 1, argv + argc);
      explicit_flags = true;
      break;
    }
    if (arg == "--depfile" || arg == "-p") {
      if (i + 1 == argc) return usage_error(arg + " needs a file name");
      (arg == "-p" ? build_dir : depfile) = argv[++i];
      continue;
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

  if (!explicit_flags) {
    std::string message;
    if (!flags_from_database(input, build_dir, flags, message) && !build_dir.empty())
      return usage_error("no flags for " + input + " in " + build_dir + ": " + message);
  }

  std::vector<std::string> args = {
      "-x", "cuda", "--cuda-host-only", "--cuda-path=" TILETUNE_CUDA_PATH,
      "-Wno-unknown-cuda-version", "-resource-dir=" TILETUNE_CLANG_RESOURCE_DIR,
      "-DTILETUNE_TOOL=1", "-I" + tiletune_include_dir(argv[0]),
      // nvcc 13 searches include/cccl (cub, thrust, libcu++) itself; Clang does not.
      "-isystem", TILETUNE_CUDA_PATH "/include/cccl"};
  args.insert(args.end(), flags.begin(), flags.end());
  clang::tooling::FixedCompilationDatabase database(".", args);
  clang::tooling::ClangTool tool(database, {input});

  tiletune::tool::RewriteResult result;
  int status = tool.run(tiletune::tool::make_rewrite_action_factory(result).get());
  if (!result.ok) return status == 0 || status == 1 ? 1 : 2;

  std::string error;
  if (!write_atomically(output, result.output, error) ||
      (!depfile.empty() &&
       !write_atomically(depfile, depfile_text(output, result.dependencies), error))) {
    llvm::errs() << "tiletune: error: " << error << "\n";
    return 2;
  }
  return 0;
}
