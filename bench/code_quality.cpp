// Code quality (issue 16): is the machine code tiletune builds for a configuration as fast as the
// best build of the same configuration without tiletune? Four kernels (the tuning_time matmul, a
// block reduction, an atomics-heavy embedding backward, a shared-memory transpose); every
// configuration built three ways:
//   tiletune  the runtime's compiler, as a tuning builds it (front ends shared per set of constants
//             and launch bounds, NVRTC's own cubin where no PTX edit is needed);
//   nvrtc     NVRTC from source with __launch_bounds__(threads, occupancy) written on the kernel,
//             straight to a cubin (whole-program ptxas);
//   nvcc      nvcc -cubin -O3 with the same __launch_bounds__ ($TILETUNE_NVCC, else
//             /usr/local/cuda/bin/nvcc; the column is "-" without it).
// Registers are printed for every build (no GPU needed). With a GPU, every build is re-timed on one
// harness (cuLaunchKernel between events, all builds interleaved round by round, medians), and the
// summary, last, gives per kernel tiletune's winner over the best of the other builds (goal
// <= 1.00).
#include "tuning_bench_support.h"

#include "compile/machine_code/cubin_linker.h"
#include "compile/nvrtc_compiler.h"
#include "cubin/elf_sections.h"
#include "nvrtc/nvrtc_front_end.h"
#include "tune/measurement.h"
#include "tune/site_variant.h"

#include <tiletune/rules.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <regex>
#include <string>
#include <vector>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

constexpr int kN = 1024;  // matrix side (matmul)
// Transpose side: at 1024 a transpose takes 7 us, a few ticks of the event timer's resolution.
constexpr int kTransposeN = 4096;
constexpr int kElements = 1 << 24;                          // reduction input
constexpr int kRows = 4096, kDim = 128, kTokens = 1 << 16;  // embedding backward

// Each kernel as the tool slices it: TILETUNE_LAUNCH_BOUNDS on the kernel, empty unless defined.
constexpr const char* kReductionSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int BLOCK, int ITEMS>
__global__ void TILETUNE_LAUNCH_BOUNDS reduce_sum(const float* in, float* out, int n) {
  __shared__ float partial[BLOCK];
  float sum = 0;
  const int base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int i = 0; i < ITEMS; ++i)
    if (base + i * BLOCK < n) sum += in[base + i * BLOCK];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}
)";

constexpr const char* kEmbeddingSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
// The gradient of an embedding lookup: each token's row of grad_out added into its row of
// grad_weight. Tokens share rows, so the adds collide.
template <int BLOCK, int VEC>
__global__ void TILETUNE_LAUNCH_BOUNDS embedding_backward(const int* tokens, const float* grad_out,
                                                          float* grad_weight, int count, int rows,
                                                          int dim) {
  const long long total = (long long)count * dim / VEC;
  for (long long i = blockIdx.x * (long long)BLOCK + threadIdx.x; i < total;
       i += (long long)gridDim.x * BLOCK) {
    const long long at = i * VEC;
    const int token = (int)(at / dim), d = (int)(at % dim);
    const int row = (int)(((unsigned)tokens[token] ^ (unsigned)token) % (unsigned)rows);
#pragma unroll
    for (int v = 0; v < VEC; ++v)
      atomicAdd(&grad_weight[(long long)row * dim + d + v], grad_out[at + v]);
  }
}
)";

constexpr const char* kTransposeSource = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int TILE, int ROWS>
__global__ void TILETUNE_LAUNCH_BOUNDS transpose(const float* in, float* out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y0 = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y0 + j) * n + x];
  __syncthreads();
  const int tx = blockIdx.y * TILE + threadIdx.x;
  const int ty0 = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(ty0 + j) * n + tx] = tile[threadIdx.x][threadIdx.y + j];
}
)";

struct Kernel {
  std::string name;
  SiteInfo site;
  std::string parameters;  // the kernel's parameter types, for nvcc's explicit instantiation
  std::function<Geometry(const Config&)> geometry;
  std::vector<std::size_t> buffer_bytes;  // device buffers, in parameter order
  std::vector<int> int_arguments;         // the int parameters after the buffers
};

unsigned blocks_for(long long work, long long per_block) {
  return static_cast<unsigned>((work + per_block - 1) / per_block);
}

std::vector<Kernel> kernels() {
  std::vector<Kernel> out;
  const std::size_t matrix = std::size_t{kN} * kN * sizeof(float);
  const std::size_t transposed = std::size_t{kTransposeN} * kTransposeN * sizeof(float);
  out.push_back({"matmul",
                 matmul_site(),
                 "const float*, const float*, float*, int",
                 [](const Config& c) { return matmul_geometry(c, kN); },
                 {matrix, matrix, matrix},
                 {kN}});
  out.push_back(
      {"reduction",
       bench_site("bench/reduce.cu", "reduce_sum<$block, $items>", kReductionSource,
                  "reduce_sum<$block, $items>",
                  Space::cartesian(
                      {{"block", {128, 256, 512}}, {"items", {1, 4, 8}}, {"occupancy", {1, 2}}})),
       "const float*, float*, int",
       [](const Config& c) {
         return Geometry{Dim(blocks_for(kElements, c[0] * c[1])), Dim(c[0]), 0, nullptr};
       },
       {std::size_t{kElements} * sizeof(float), sizeof(float)},
       {kElements}});
  out.push_back(
      {"embedding_backward",
       bench_site("bench/embedding.cu", "embedding_backward<$block, $vec>", kEmbeddingSource,
                  "embedding_backward<$block, $vec>",
                  Space::cartesian(
                      {{"block", {64, 128, 256, 512}}, {"vec", {1, 4}}, {"occupancy", {1, 4}}})),
       "const int*, const float*, float*, int, int, int",
       [](const Config& c) {
         return Geometry{Dim(blocks_for(std::int64_t{kTokens} * kDim / c[1], c[0])), Dim(c[0]), 0,
                         nullptr};
       },
       {std::size_t{kTokens} * sizeof(int), std::size_t{kTokens} * kDim * sizeof(float),
        std::size_t{kRows} * kDim * sizeof(float)},
       {kTokens, kRows, kDim}});
  out.push_back(
      {"transpose",
       bench_site(
           "bench/transpose.cu", "transpose<$tile, $rows>", kTransposeSource,
           "transpose<$tile, $rows>",
           Space::cartesian({{"tile", {16, 32}}, {"rows", {4, 8, 16}}, {"occupancy", {1, 2}}})),
       "const float*, float*, int",
       [](const Config& c) {
         return Geometry{Dim(kTransposeN / c[0], kTransposeN / c[0]), Dim(c[0], c[1]), 0, nullptr};
       },
       {transposed, transposed},
       {kTransposeN}});
  return out;
}

struct Build {
  std::vector<char> cubin;
  std::string entry;
  int registers = -1;
  std::string failure;  // why there is no build ("" when there is one)
};

constexpr const char* kWays[] = {"tiletune", "nvrtc", "nvcc"};
constexpr int kWayCount = 3;

// The source with __launch_bounds__ written on the kernel where the macro stands.
std::string with_bounds(const std::string& source, const std::string& bounds) {
  std::string text = source;
  const std::string macro = rules::kLaunchBoundsMacro;
  // Past the #ifndef/#define/#endif that define it: the last use is the kernel's.
  const std::size_t at = text.rfind(macro);
  return text.replace(at, macro.size(), bounds);
}

// The configuration's occupancy (its axis, else the site's static hint): the request carries it
// only inside the bounds option, having no hints once the bounds are in the source.
std::string bounds_of(const SiteInfo& site, const Config& config, const Geometry& g) {
  std::string bounds =
      "__launch_bounds__(" + std::to_string(g.threads.x * g.threads.y * g.threads.z);
  const int axis = site.space.axis_index("occupancy");
  const long occupancy = axis >= 0 ? config[axis] : site.hints.occupancy;
  if (occupancy > 0) bounds += ", " + std::to_string(occupancy);
  return bounds + ")";
}

Build nvrtc_from_source(const std::string& source, const detail::CompileRequest& tuned) {
  Build b;
  try {
    detail::FrontEndInput input{source, tuned.source_name, tuned.name_expression, {}, tuned.arch};
    input.cubin = true;
    detail::FrontEndOutput built = detail::compile_to_ptx(input);
    b.cubin = std::move(built.cubin);
    b.entry = built.lowered_name;
    b.registers = built.registers;
  } catch (const std::exception& e) {
    b.failure = e.what();
  }
  return b;
}

std::string nvcc_path() {
  if (const char* path = std::getenv("TILETUNE_NVCC"); path != nullptr && *path != '\0')
    return path;
  return "/usr/local/cuda/bin/nvcc";
}

// nvcc -cubin of the source with an explicit instantiation of the configuration's kernel; the
// entry's name is NVRTC's lowered name (both mangle alike).
Build nvcc_from_source(const std::string& source, const Kernel& k,
                       const detail::CompileRequest& tuned, const std::string& entry,
                       const std::string& directory) {
  Build b;
  if (::access(nvcc_path().c_str(), X_OK) != 0) {
    b.failure = "no nvcc at " + nvcc_path();
    return b;
  }
  const std::string stem = directory + "/kernel";
  {
    std::ofstream cu(stem + ".cu");
    cu << source << "\ntemplate __global__ void " << tuned.name_expression << "(" << k.parameters
       << ");\n";
  }
  const std::string command = nvcc_path() + " -cubin -O3 -std=c++17 -arch=sm_" +
                              std::to_string(tuned.arch) + " -Xptxas -v -o " + stem + ".cubin " +
                              stem + ".cu > " + stem + ".log 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log_file(stem + ".log");
  const std::string log((std::istreambuf_iterator<char>(log_file)), {});
  if (status != 0) {
    b.failure = "nvcc failed: " + log.substr(0, log.find('\n'));
    return b;
  }
  std::ifstream cubin(stem + ".cubin", std::ios::binary);
  b.cubin.assign(std::istreambuf_iterator<char>(cubin), {});
  b.entry = entry;
  static const std::regex used(R"(Used (\d+) registers)");
  for (auto it = std::sregex_iterator(log.begin(), log.end(), used); it != std::sregex_iterator();
       ++it)
    b.registers = std::stoi((*it)[1]);
  return b;
}

struct Row {
  Config config;
  Geometry geometry;
  Build builds[kWayCount];
  double median_us[kWayCount] = {0, 0, 0};  // 0: not timed
};

std::vector<Row> build_all(const Kernel& k, int arch, const std::string& directory) {
  detail::NvrtcCompiler compiler(nullptr, detail::PchMode::kOff);
  std::vector<Row> rows;
  std::vector<detail::CompileRequest> requests;
  for (const Config& config : k.site.space.configurations()) {
    Row row;
    row.config = config;
    row.geometry = k.geometry(config);
    rows.push_back(row);
    requests.push_back(detail::compile_request(k.site, config, row.geometry, arch));
  }
  compiler.prepare(requests);  // as a tuning does: the front ends batched
  for (std::size_t i = 0; i < rows.size(); ++i) {
    Row& row = rows[i];
    const detail::CompileRequest& request = requests[i];
    try {
      const auto kernel = compiler.compile(request);
      row.builds[0] = Build{kernel->cubin, kernel->entry, kernel->registers, ""};
    } catch (const std::exception& e) {
      row.builds[0].failure = e.what();
    }
    const std::string source =
        with_bounds(k.site.device_source, bounds_of(k.site, row.config, row.geometry));
    row.builds[1] = nvrtc_from_source(source, request);
    row.builds[2] = nvcc_from_source(source, k, request, row.builds[1].entry, directory);
  }
  return rows;
}

// Every build of every configuration timed round by round, interleaved, so that clocks and
// neighbours drift alike for all of them; the median of each.
void time_all(detail::Device& device, const Kernel& k, std::vector<Row>& rows) {
  const detail::ContextHandle context = device.current_context();
  std::vector<std::unique_ptr<DeviceMemory>> buffers;
  std::vector<void*> pointers;
  for (std::size_t bytes : k.buffer_bytes) {
    buffers.push_back(std::make_unique<DeviceMemory>(device, bytes));
    pointers.push_back(buffers.back()->as<void>());
  }
  std::vector<int> ints = k.int_arguments;
  std::vector<void*> args;
  for (void*& p : pointers) args.push_back(&p);
  for (int& v : ints) args.push_back(&v);

  struct Timed {
    Row* row;
    int way;
    detail::FunctionHandle function;
    std::vector<double> samples;
  };
  std::vector<Timed> timed;
  for (Row& row : rows)
    for (int way = 0; way < kWayCount; ++way) {
      if (!row.builds[way].failure.empty()) continue;
      try {
        detail::FunctionHandle f =
            device.load(context, row.builds[way].cubin, row.builds[way].entry);
        for (int i = 0; i < 3; ++i) device.time_launch(f, row.geometry, args.data(), 0);  // warm-up
        timed.push_back({&row, way, f, {}});
      } catch (const std::exception& e) {
        row.builds[way].failure = e.what();
      }
    }
  // Within a configuration, the build timed first follows another configuration's kernel (and,
  // for the atomics kernel, its traffic): each round starts with the next build, so that no way
  // of building always takes that place.
  constexpr int kRounds = 51;
  for (int round = 0; round < kRounds; ++round)
    for (std::size_t first = 0; first < timed.size();) {
      std::size_t end = first;
      while (end < timed.size() && timed[end].row == timed[first].row) ++end;
      const std::size_t count = end - first;
      for (std::size_t i = 0; i < count; ++i) {
        Timed& t = timed[first + (i + static_cast<std::size_t>(round)) % count];
        t.samples.push_back(device.time_launch(t.function, t.row->geometry, args.data(), 0));
      }
      first = end;
    }
  for (Timed& t : timed) t.row->median_us[t.way] = detail::stats(t.samples).median * 1000;
  synchronize(device, *buffers.front());
}

std::string registers_text(const Build& b) {
  return b.failure.empty() ? std::to_string(b.registers) : "-";
}

// The entry's own code section, byte for byte: whole cubins also differ in what does not run
// (the PTX kept under -lineinfo, other kernels of a batch).
bool same_machine_code(const Build& a, const Build& b) {
  if (!a.failure.empty() || !b.failure.empty()) return false;
  const auto code_a = detail::elf_section(a.cubin, ".text." + a.entry);
  const auto code_b = detail::elf_section(b.cubin, ".text." + b.entry);
  return code_a && code_b && *code_a == *code_b;
}

struct Summary {
  std::string kernel;
  std::string winner;  // tiletune's fastest configuration
  double tiletune_us = 0;
  std::string best_other;  // the fastest build of the other two, and its configuration
  double other_us = 0;
  int register_differences = 0;  // configurations where tiletune's registers differ from nvrtc's
  int same_code = 0;     // configurations where tiletune's machine code is byte for byte nvrtc's
  int same_as_nvcc = 0;  // and where it is nvcc's
  // The largest gap between the times of tiletune's and nvrtc's builds of one configuration where
  // their machine code is the same bytes: what this harness reads as a difference when there is
  // none (the noise a ratio near 1.00 is to be read against).
  double same_code_spread = 0;
  int configurations = 0;
};

Summary report(const Kernel& k, const std::vector<Row>& rows, bool timed) {
  Summary s;
  s.kernel = k.name;
  s.configurations = static_cast<int>(rows.size());
  std::printf("\n%s (%zu configurations)\n  %-36s %8s %6s %6s", k.name.c_str(), rows.size(),
              "configuration", "tiletune", "nvrtc", "nvcc");
  if (timed) std::printf("  %12s %12s %12s", "tiletune us", "nvrtc us", "nvcc us");
  std::printf("\n");
  for (const Row& row : rows) {
    const std::string described = k.site.space.describe(row.config);
    std::printf("  %-36s %8s %6s %6s", described.c_str(), registers_text(row.builds[0]).c_str(),
                registers_text(row.builds[1]).c_str(), registers_text(row.builds[2]).c_str());
    if (timed)
      for (double us : row.median_us) std::printf(" %12.2f", us);
    std::printf("\n");
    s.register_differences += row.builds[0].registers != row.builds[1].registers;
    s.same_code += same_machine_code(row.builds[0], row.builds[1]);
    s.same_as_nvcc += same_machine_code(row.builds[0], row.builds[2]);
    if (timed && same_machine_code(row.builds[0], row.builds[1]) && row.median_us[0] > 0 &&
        row.median_us[1] > 0)
      s.same_code_spread =
          std::max(s.same_code_spread, std::abs(row.median_us[0] / row.median_us[1] - 1));
    if (!timed) continue;
    if (row.median_us[0] > 0 && (s.tiletune_us == 0 || row.median_us[0] < s.tiletune_us)) {
      s.tiletune_us = row.median_us[0];
      s.winner = described;
    }
    for (int way = 1; way < kWayCount; ++way)
      if (row.median_us[way] > 0 && (s.other_us == 0 || row.median_us[way] < s.other_us)) {
        s.other_us = row.median_us[way];
        s.best_other = std::string(kWays[way]) + " " + described;
      }
  }
  for (const Row& row : rows)
    for (int way = 0; way < kWayCount; ++way)
      if (!row.builds[way].failure.empty() && way != 2)
        std::printf("  %s %s: %s\n", k.site.space.describe(row.config).c_str(), kWays[way],
                    row.builds[way].failure.substr(0, 200).c_str());
  return s;
}

}  // namespace

int main() {
  ::setenv("CUDA_CACHE_DISABLE", "1", 0);
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("code_quality (timing)");
  int arch = 90;
  if (const char* text = std::getenv("TILETUNE_CODE_QUALITY_ARCH")) arch = std::atoi(text);
  if (device) arch = device->info(device->current_context()).arch;
  char pattern[] = "/tmp/tiletune-code-quality-XXXXXX";
  const char* directory = ::mkdtemp(pattern);
  if (directory == nullptr) {
    std::printf("code_quality: no temporary directory\n");
    return 1;
  }
  std::printf("code_quality: sm_%d, registers per build%s\n", arch,
              device ? ", medians of 51 interleaved launches" : " (no GPU: not timed)");

  std::vector<Summary> summaries;
  for (const Kernel& k : kernels()) {
    std::vector<Row> rows = build_all(k, arch, directory);
    if (device) time_all(*device, k, rows);
    summaries.push_back(report(k, rows, device != nullptr));
  }
  std::system((std::string("rm -rf ") + directory).c_str());

  std::printf("\nsummary: tiletune's winner / best of nvrtc and nvcc builds (goal <= 1.00)\n");
  std::printf("  %-20s %14s %14s %14s %-34s %12s %-40s %6s %12s\n", "kernel", "registers",
              "code = nvrtc's", "code = nvcc's", "tiletune winner", "us", "best other build",
              "ratio", "same-code gap");
  for (const Summary& s : summaries) {
    const std::string differ =
        std::to_string(s.register_differences) + "/" + std::to_string(s.configurations) + " differ";
    const std::string same =
        std::to_string(s.same_code) + "/" + std::to_string(s.configurations) + " same";
    const std::string same_nvcc =
        std::to_string(s.same_as_nvcc) + "/" + std::to_string(s.configurations) + " same";
    if (device && s.other_us > 0 && s.tiletune_us > 0)
      std::printf("  %-20s %14s %14s %14s %-34s %12.2f %-40s %6.3f %11.1f%%\n", s.kernel.c_str(),
                  differ.c_str(), same.c_str(), same_nvcc.c_str(), s.winner.c_str(), s.tiletune_us,
                  (s.best_other + " " + std::to_string(s.other_us).substr(0, 7)).c_str(),
                  s.tiletune_us / s.other_us, s.same_code_spread * 100);
    else
      std::printf("  %-20s %14s %14s %14s %-34s %12s %-40s %6s\n", s.kernel.c_str(), differ.c_str(),
                  same.c_str(), same_nvcc.c_str(), "-", "-", "-", "-");
  }
  return 0;
}
