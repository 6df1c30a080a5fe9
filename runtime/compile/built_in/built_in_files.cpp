#include "compile/built_in/built_in_files.h"

// Generated at build time: the paths of the files (for .incbin) and their hashes. Their hashes
// make this file's preprocessed text change with the content, so a compiler cache never hands back
// an object with old bytes.
#include "built_in_nvrtc_worker.h"
#include "built_in_toolkit_headers.h"

// .incbin puts a file's bytes into the object as they are, with no 14 MB array literal to compile.
#define TILETUNE_INCBIN(symbol, path)      \
  asm(".pushsection .rodata." #symbol      \
      ", \"a\"\n"                          \
      ".balign 16\n"                       \
      ".globl " #symbol "_begin\n" #symbol \
      "_begin:\n"                          \
      ".incbin \"" path                    \
      "\"\n"                               \
      ".globl " #symbol "_end\n" #symbol   \
      "_end:\n"                            \
      ".byte 0\n"                          \
      ".popsection\n")

TILETUNE_INCBIN(tiletune_built_in_toolkit_headers, TILETUNE_TOOLKIT_HEADERS_PATH);
TILETUNE_INCBIN(tiletune_built_in_nvrtc_worker, TILETUNE_NVRTC_WORKER_FILE_PATH);

extern "C" {
extern const char tiletune_built_in_toolkit_headers_begin[];
extern const char tiletune_built_in_toolkit_headers_end[];
extern const char tiletune_built_in_nvrtc_worker_begin[];
extern const char tiletune_built_in_nvrtc_worker_end[];
}

namespace tiletune::detail {

std::string_view built_in_toolkit_headers() {
  return {tiletune_built_in_toolkit_headers_begin,
          static_cast<std::size_t>(tiletune_built_in_toolkit_headers_end -
                                   tiletune_built_in_toolkit_headers_begin)};
}

std::string_view built_in_toolkit_headers_hash() { return TILETUNE_TOOLKIT_HEADERS_HASH; }

std::string_view built_in_nvrtc_worker() {
  return {tiletune_built_in_nvrtc_worker_begin,
          static_cast<std::size_t>(tiletune_built_in_nvrtc_worker_end -
                                   tiletune_built_in_nvrtc_worker_begin)};
}

}  // namespace tiletune::detail
