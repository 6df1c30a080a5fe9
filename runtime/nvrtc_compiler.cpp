#include "compiler.h"

#include "cubin_linker.h"
#include "nvrtc_front_end.h"
#include "single_flight.h"

#include <functional>
#include <string>

namespace tiletune::detail {
namespace {

struct PtxResult {
  std::string ptx;
  std::string lowered_name;
};

// Everything that changes the PTX: the source, the kernel instantiated, options, architecture and
// the NVRTC version (the process uses one, but the key states it for the disk cache to come).
std::string front_end_key(const CompileRequest& r) {
  std::string key = std::to_string(std::hash<std::string_view>{}(r.source)) + '\0' +
                    std::to_string(r.source.size()) + '\0' + r.source_name + '\0' +
                    r.name_expression + '\0' + std::to_string(r.arch) + '\0' +
                    std::to_string(nvrtc_version());
  for (const std::string& o : r.options) key += '\0' + o;
  return key;
}

std::string hints_key(const EntryHints& h) {
  return std::to_string(h.max_threads[0]) + ',' + std::to_string(h.max_threads[1]) + ',' +
         std::to_string(h.max_threads[2]) + ',' + std::to_string(h.min_blocks_per_sm) + ',' +
         std::to_string(linker_version());
}

}  // namespace

struct NvrtcCompiler::Caches {
  SingleFlightCache<std::string, std::shared_ptr<const PtxResult>> ptx;
  SingleFlightCache<std::string, std::shared_ptr<const CompiledKernel>> cubins;
};

NvrtcCompiler::NvrtcCompiler() : caches_(std::make_unique<Caches>()) {}
NvrtcCompiler::~NvrtcCompiler() = default;

std::shared_ptr<const CompiledKernel> NvrtcCompiler::compile(const CompileRequest& request) {
  const std::string ptx_key = front_end_key(request);
  return caches_->cubins.get(ptx_key + '\0' + hints_key(request.hints), [&] {
    std::shared_ptr<const PtxResult> ptx = caches_->ptx.get(ptx_key, [&] {
      ++counters_.front_end_runs;
      FrontEndOutput out = compile_to_ptx(FrontEndInput{request.source, request.source_name,
                                                        request.name_expression, request.options,
                                                        request.arch});
      return std::make_shared<const PtxResult>(PtxResult{std::move(out.ptx), out.lowered_name});
    });
    ++counters_.machine_code_runs;
    std::string hinted = apply_entry_hints(ptx->ptx, ptx->lowered_name, request.hints);
    LinkOutput linked = link_to_cubin(hinted, ptx->lowered_name, request.arch);
    auto kernel = std::make_shared<CompiledKernel>();
    kernel->cubin = std::move(linked.cubin);
    kernel->entry = ptx->lowered_name;
    kernel->registers = linked.registers;
    return std::shared_ptr<const CompiledKernel>(std::move(kernel));
  });
}

}  // namespace tiletune::detail
