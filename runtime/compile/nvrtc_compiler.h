// The real compiler: NVRTC straight to a cubin, or where hints must be edited into the PTX
// (compile_request.h, OutputKind), NVRTC to PTX, hints applied on the host, nvJitLink to a cubin;
// cached (caching_compiler.h).
#pragma once

#include "compile/cache/caching_compiler.h"
#include "compile/compile_stages.h"

#include <memory>
#include <string_view>

namespace tiletune::detail {

class DiskCache;
class FrontEndRunner;

// NVRTC precompiled headers (CUDA 12.8+), in NVRTC's automatic mode: the first front-end run of a
// source that includes headers writes a PCH of them, later runs of that source with other
// constants load it instead of parsing the headers again. bench/compile measures it.
enum class PchMode {
  kAuto,  // on for sources that open with #include lines (where it pays), off for the rest
  kOn,
  kOff,
};  // TILETUNE_PCH (runtime_options.h)

// Whether NVRTC's automatic PCH has anything to precompile in `source`: its first line that is not
// blank or a comment is an #include.
bool starts_with_include(std::string_view source);

// The real stages: NVRTC to a cubin, or to PTX then hints and nvJitLink (OutputKind). NVRTC runs
// through `front_ends`; null: the process's own (front_ends_from_environment, front_end_runner.h).
std::unique_ptr<CompileStages> nvrtc_stages(PchMode pch = PchMode::kAuto,
                                            std::shared_ptr<FrontEndRunner> front_ends = nullptr);

class NvrtcCompiler final : public CachingCompiler {
 public:
  explicit NvrtcCompiler(std::shared_ptr<DiskCache> disk = nullptr, PchMode pch = PchMode::kAuto,
                         std::shared_ptr<FrontEndRunner> front_ends = nullptr);
};

}  // namespace tiletune::detail
