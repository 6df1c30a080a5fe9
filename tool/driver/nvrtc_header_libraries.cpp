#include "driver/nvrtc_header_libraries.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <algorithm>

namespace tiletune::tool {
namespace {

// A library this large is read no further: its verdict stands on what was read.
constexpr int kMostFiles = 20000;

bool header_name(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".h" || ext == ".hpp" || ext == ".cuh" || ext == ".hh" || ext == ".hxx" ||
         ext == ".inl" || ext == ".inc" || ext.empty();
}

// Whether the headers under `folder` test __CUDACC_RTC__ and none holds an annotation.
bool written_for_nvrtc(const std::string& folder) {
  bool tests_rtc = false;
  std::error_code error;
  int files = 0;
  for (llvm::sys::fs::recursive_directory_iterator it(folder, error), end;
       it != end && !error && files < kMostFiles; it.increment(error)) {
    if (!llvm::sys::fs::is_regular_file(it->path()) || !header_name(it->path())) continue;
    ++files;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text =
        llvm::MemoryBuffer::getFile(it->path(), /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!text) continue;
    llvm::StringRef contents = (*text)->getBuffer();
    if (contents.contains("TILETUNE(")) return false;
    tests_rtc = tests_rtc || contents.contains("__CUDACC_RTC__");
  }
  return tests_rtc;
}

}  // namespace

std::vector<std::string> nvrtc_header_libraries(const std::vector<std::string>& dirs) {
  std::vector<std::string> libraries;
  for (const std::string& dir : dirs) {
    std::error_code error;
    for (llvm::sys::fs::directory_iterator it(dir, error), end; it != end && !error;
         it.increment(error)) {
      if (!llvm::sys::fs::is_directory(it->path())) continue;
      std::string name = llvm::sys::path::filename(it->path()).str();
      if (name == "tiletune" || name.starts_with(".") ||
          std::find(libraries.begin(), libraries.end(), name) != libraries.end())
        continue;
      if (written_for_nvrtc(it->path())) libraries.push_back(name);
    }
  }
  return libraries;
}

}  // namespace tiletune::tool
