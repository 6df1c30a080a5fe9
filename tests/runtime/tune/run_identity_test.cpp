// What makes two configurations run alike (issue 16's duplicates): machine code that NVRTC and
// nvJitLink build here for sm_90 (no GPU needed), registers, and launch geometry.
#include "tune/run_identity.h"
#include "compile/nvrtc_compiler.h"
#include "cubin/elf_sections.h"
#include "tune/site_variant.h"

#include <gtest/gtest.h>

#include <string>

namespace tiletune::detail {
namespace {

constexpr int kArch = 90;

SiteInfo vadd_site() {
  SiteInfo info;
  info.file = "vadd.cu";
  info.line = 1;
  info.kernel = "vadd<$tile>";
  info.device_source = R"(#ifndef TILETUNE_LAUNCH_BOUNDS
#define TILETUNE_LAUNCH_BOUNDS
#endif
template <int TILE>
TILETUNE_LAUNCH_BOUNDS __global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)";
  info.name_expression = "vadd<$tile>";
  info.space = Space::cartesian({{"tile", {128, 256}}, {"occupancy", {1, 2}}});
  return info;
}

Geometry geometry_of(const Config& c) {
  return Geometry{Dim(1024 / c[0]), Dim(static_cast<unsigned>(c[0])), 0, nullptr};
}

class RunIdentity : public ::testing::Test {
 protected:
  std::string identity(const Config& config, const Geometry& geometry) {
    return run_identity(*kernel(config), geometry, 0);
  }
  std::shared_ptr<const CompiledKernel> kernel(const Config& config) {
    return compiler_.compile(compile_request(site_, config, geometry_of(config), kArch));
  }

  SiteInfo site_ = vadd_site();
  NvrtcCompiler compiler_{nullptr, PchMode::kOff};
};

TEST_F(RunIdentity, OccupancyThatChangesNothingGivesTheSameIdentity) {
  // Eight registers or so: neither occupancy limits them, and the cubins differ only in the
  // recorded hint and the embedded PTX.
  const Config one{128, 1}, two{128, 2};
  ASSERT_NE(kernel(one)->cubin, kernel(two)->cubin);
  EXPECT_EQ(identity(one, geometry_of(one)), identity(two, geometry_of(two)));
}

TEST_F(RunIdentity, AnotherKernelDiffers) {
  const Config a{128, 1}, b{256, 1};
  EXPECT_NE(identity(a, geometry_of(a)), identity(b, geometry_of(a)));
}

TEST_F(RunIdentity, AnotherGeometryDiffers) {
  const Config a{128, 1};
  Geometry more_shared = geometry_of(a);
  more_shared.shmem = 1024;
  Geometry other_grid = geometry_of(a);
  other_grid.blocks = Dim(3);
  EXPECT_NE(identity(a, geometry_of(a)), identity(a, more_shared));
  EXPECT_NE(identity(a, geometry_of(a)), identity(a, other_grid));
  EXPECT_NE(run_identity(*kernel(a), geometry_of(a), 0),
            run_identity(*kernel(a), geometry_of(a), 2));
}

// Without hints, a batch of instantiations is one NVRTC cubin holding every kernel of it: each
// configuration's identity is its own entry's code, not its neighbours'.
TEST(RunIdentityOfABatch, OnlyTheEntrysOwnSectionsCount) {
  constexpr std::string_view kSource = R"(
template <int T> __global__ void same(float* c) { c[threadIdx.x] = 1.0f; }
template <int T> __global__ void scaled(float* c) { c[threadIdx.x] *= T; }
)";
  NvrtcCompiler compiler{nullptr, PchMode::kOff};
  std::vector<CompileRequest> requests;
  for (const char* name : {"same<1>", "same<2>", "scaled<2>", "scaled<3>"}) {
    CompileRequest r;
    r.source = kSource;
    r.source_name = "batch.cu";
    r.name_expression = name;
    r.arch = kArch;
    requests.push_back(r);
  }
  compiler.prepare(requests);
  ASSERT_EQ(compiler.counters().front_end_runs.load(), 1);
  ASSERT_EQ(compiler.counters().batched_front_ends.load(), 4);
  std::vector<std::string> identities;
  for (const CompileRequest& r : requests) {
    const std::shared_ptr<const CompiledKernel> k = compiler.compile(r);
    EXPECT_TRUE(elf_section(k->cubin, ".text." + k->entry)) << "the entry's code is in the cubin";
    identities.push_back(run_identity(*k, Geometry{Dim(1), Dim(32), 0, nullptr}, 0));
  }
  EXPECT_EQ(compiler.counters().front_end_runs.load(), 1) << "every kernel came from the batch";
  EXPECT_EQ(compiler.counters().machine_code_runs.load(), 0) << "no PTX was assembled";
  EXPECT_EQ(compiler.compile(requests[0])->cubin, compiler.compile(requests[3])->cubin)
      << "one cubin holds the batch";
  EXPECT_EQ(identities[0], identities[1]) << "same<T> does not use T";
  EXPECT_NE(identities[2], identities[3]) << "scaled<T> multiplies by T";
  EXPECT_NE(identities[0], identities[2]);
}

TEST(RunIdentityOfBytes, WhatIsNotElfCountsWhole) {
  CompiledKernel a, b;
  a.cubin = {'a', 'b', 'c'};
  b.cubin = {'a', 'b', 'd'};
  const Geometry g{Dim(1), Dim(32), 0, nullptr};
  EXPECT_NE(run_identity(a, g, 0), run_identity(b, g, 0));
  b.cubin = a.cubin;
  EXPECT_EQ(run_identity(a, g, 0), run_identity(b, g, 0));
  b.registers = 40;
  EXPECT_NE(run_identity(a, g, 0), run_identity(b, g, 0));
}

TEST(ElfSections, ATruncatedFileIsNotElf) {
  NvrtcCompiler compiler(nullptr, PchMode::kOff);
  const SiteInfo site = vadd_site();
  const Config config{128, 1};
  std::vector<char> cubin =
      compiler.compile(compile_request(site, config, geometry_of(config), kArch))->cubin;
  ASSERT_TRUE(elf_sections(cubin));
  EXPECT_TRUE(elf_section(cubin, ".shstrtab"));
  EXPECT_FALSE(elf_section(cubin, ".no_such_section"));
  cubin.resize(cubin.size() / 2);  // the section headers sit at the end
  EXPECT_FALSE(elf_sections(cubin));
  EXPECT_FALSE(elf_sections(std::vector<char>(10, 'x')));
}

}  // namespace
}  // namespace tiletune::detail
