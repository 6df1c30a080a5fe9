#include "compile/nvrtc_compiler.h"

#include "compile/built_in/toolkit_headers.h"
#include "compile/front_end/front_end_runner.h"
#include "compile/machine_code/cubin_linker.h"
#include "compile/machine_code/ptx_entries.h"
#include "nvrtc/nvrtc_front_end.h"
#include "store/disk_cache.h"

#include <tiletune/error.h>
#include "process/per_process.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <system_error>

namespace tiletune::detail {

// NVRTC's automatic PCH covers the #include lines that open the source. Anything else first (a
// #line directive, a declaration) leaves nothing to precompile, and asking for a PCH then only
// costs time (bench/compile). The sliced device source opens with a comment, then its includes.
bool starts_with_include(std::string_view source) {
  std::size_t at = 0;
  for (;;) {
    at = source.find_first_not_of(" \t\r\n", at);
    if (at == std::string_view::npos) return false;
    if (source.substr(at, 2) == "//") {
      at = source.find('\n', at);
    } else if (source.substr(at, 2) == "/*") {
      at = source.find("*/", at + 2);
      if (at != std::string_view::npos) at += 2;
    } else {
      break;
    }
    if (at == std::string_view::npos) return false;
  }
  if (source[at] != '#') return false;
  at = source.find_first_not_of(" \t", at + 1);
  return at != std::string_view::npos && source.substr(at, 7) == "include";
}

namespace {

// A directory private to this process for NVRTC's automatic PCH files, made on first use and
// removed with everything in it when the compiler goes (NVRTC workers' own directories too:
// worker_pool.cpp). NVRTC would otherwise write them to the current directory. A forked child
// makes one of its own and never removes its parent's (NvrtcStages keeps it per process).
class PchDirectory {
 public:
  ~PchDirectory() {
    if (path_.empty()) return;
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }

  // Empty if no directory could be made (then PCH is not used).
  const std::string& path() {
    std::call_once(made_, [this] {
      const char* tmp = std::getenv("TMPDIR");
      std::string pattern =
          std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/tiletune-pch-XXXXXX";
      if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;  // mode 0700
    });
    return path_;
  }

 private:
  std::once_flag made_;
  std::string path_;
};

class NvrtcStages final : public CompileStages {
 public:
  NvrtcStages(PchMode pch, std::shared_ptr<FrontEndRunner> front_ends)
      : pch_(pch), front_ends_(std::move(front_ends)) {}

  std::string toolchain() const override {
    return "nvrtc " + std::to_string(nvrtc_version()) + " nvjitlink " +
           std::to_string(linker_version()) + " headers " + headers().directory;
  }

  int front_end_version() const override { return nvrtc_version(); }

  void start_ahead(unsigned threads) override { front_ends_->start_ahead(threads); }

  Ptx front_end(const CompileRequest& request) override {
    const FrontEndInput in = input(request);
    FrontEndOutput out = only_kernel(front_ends_->run(in, {in.name_expression}));
    return Ptx{std::move(out.ptx), std::move(out.lowered_name), std::move(out.cubin), out.registers,
               out.spill_bytes};
  }

  std::vector<Ptx> front_end_batch(const std::vector<CompileRequest>& requests) override {
    std::vector<std::string> names;
    for (const CompileRequest& request : requests) names.push_back(request.name_expression);
    FrontEndBatchOutput out = front_ends_->run(input(requests.front()), names);
    std::vector<Ptx> result;
    if (!out.cubin.empty()) {
      // One cubin holds every kernel of the batch: each configuration loads it whole and looks up
      // its own entry (run_identity.h compares only the entry's own sections).
      for (std::size_t i = 0; i < out.lowered_names.size(); ++i)
        result.push_back(
            Ptx{{}, out.lowered_names[i], out.cubin, out.registers[i], out.spill_bytes[i]});
      return result;
    }
    for (const std::string& entry : out.lowered_names) {
      // Two name expressions may name one instantiation ("f<(2)>", "f<(1 + 1)>"): keep it.
      std::vector<std::string> others;
      for (const std::string& other : out.lowered_names)
        if (other != entry && std::find(others.begin(), others.end(), other) == others.end())
          others.push_back(other);
      result.push_back(Ptx{without_entries(out.ptx, others), entry});
    }
    return result;
  }

  CompiledKernel machine_code(const Ptx& ptx, const CompileRequest& request) override {
    if (!ptx.cubin.empty())
      return CompiledKernel{ptx.cubin, ptx.entry, ptx.registers, ptx.spill_bytes};
    const std::string hinted = apply_entry_hints(ptx.ptx, ptx.entry, request.hints);
    LinkOutput linked = link_to_cubin(hinted, ptx.entry, request.arch, request.options);
    CompiledKernel kernel;
    kernel.cubin = std::move(linked.cubin);
    kernel.entry = ptx.entry;
    kernel.registers = linked.registers;
    kernel.spill_bytes = linked.spill_bytes;
    return kernel;
  }

 private:
  // The toolkit headers NVRTC reads (toolkit_headers.h), found, or written, once; a failure is
  // said once on stderr, and only kernels that include a toolkit header then fail to compile.
  const ToolkitHeaders& headers() const {
    std::call_once(headers_found_, [this] {
      headers_ = toolkit_headers(DiskCache::default_directory());
      if (!headers_.problem.empty())
        std::fprintf(stderr,
                     "tiletune: warning: no toolkit headers at %s, and the copy built into "
                     "libtiletune could not be written (%s): a tuned kernel that includes one "
                     "(cuda_fp16.h, cooperative_groups.h, ...) will not compile; set "
                     "TILETUNE_CUDA_INCLUDE to a CUDA include directory\n",
                     toolkit_include_dir().c_str(), headers_.problem.c_str());
    });
    return headers_;
  }

  FrontEndInput input(const CompileRequest& request) {
    std::vector<std::string> options = headers().options;
    options.insert(options.end(), request.options.begin(), request.options.end());
    if (uses_pch(request.source)) {
      if (const std::string& dir = pch_directory_.get().path(); !dir.empty()) {
        // Quiet, so that the log a failed compile shows is the compiler's own.
        options.insert(options.end(), {"--pch", "--pch-dir=" + dir, "--pch-messages=false",
                                       "--pch-verbose=false"});
      }
    }
    return FrontEndInput{
        request.source, request.source_name, request.name_expression,
        options,        request.arch,        output_kind(request) == OutputKind::kCubin};
  }

  bool uses_pch(std::string_view source) const {
    switch (pch_) {
      case PchMode::kOn:
        return true;
      case PchMode::kOff:
        return false;
      case PchMode::kAuto:
        return starts_with_include(source);
    }
    return false;
  }

  PchMode pch_;
  mutable std::once_flag headers_found_;
  mutable ToolkitHeaders headers_;
  std::shared_ptr<FrontEndRunner> front_ends_;
  PerProcess<PchDirectory> pch_directory_{[] { return std::make_unique<PchDirectory>(); }};
};

}  // namespace

std::unique_ptr<CompileStages> nvrtc_stages(PchMode pch,
                                            std::shared_ptr<FrontEndRunner> front_ends) {
  return std::make_unique<NvrtcStages>(
      pch, front_ends ? std::move(front_ends) : front_ends_from_environment());
}

NvrtcCompiler::NvrtcCompiler(std::shared_ptr<DiskCache> disk, PchMode pch,
                             std::shared_ptr<FrontEndRunner> front_ends)
    : CachingCompiler(nvrtc_stages(pch, std::move(front_ends)), std::move(disk)) {}

}  // namespace tiletune::detail
