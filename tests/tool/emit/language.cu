// The whole annotation language in literal spaces: multi-line annotations with comments, macros in
// expressions, hex / separated / boolean values, fixed lists, where, key, tuples for blocks and
// threads, shmem, stream, static hints, `$` in every expression position, cld, and template
// arguments that use `$`. Each line of the output holds text from one line of the annotation, and
// #line says which. The output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

namespace kernels {
template <int BX, int BY, bool GUARD>
__global__ void tile2d(float* out, int width, int height, int stride) {}
}  // namespace kernels

template <int BM, int BN>
__global__ void gemm(const float* a, float* c, int n) {}

void cartesian(float* out, int width, int height, cudaStream_t stream) {
  TILETUNE(
      // The block shape: x in hex and with a digit separator, a guard flag.
      space = (bx = (0x10, 32, 1'024), by = (1, 2, 4), guard = (true, false)),
      where = $bx * $by <= 1024 && ($bx % 32 == 0 || !$guard),  /* warp-sized rows unless guarded */
      key = (width, height / 8),
      blocks = (CEIL_DIV(width, $bx), cld(height, $by)),
      threads = ($bx, $by, 1),
      shmem = $bx * $by * sizeof(float),
      stream = stream,
      occupancy = 2,
      num_ctas = 1,
      kernels::tile2d<$bx, $by, $guard>(out, width, height, $bx * $by));
}
// CHECK: static ::tiletune::Site tiletune_site_[[#CART:]]_3([]() -> ::tiletune::SiteInfo {
// CHECK-NEXT: ::tiletune::SiteInfo info;
// CHECK-NEXT: info.file = "{{.*}}language.cu";
// CHECK-NEXT: info.line = [[#CART]];
// CHECK-NEXT: info.id = "{{[0-9a-f]+}}";
// CHECK-NEXT: info.kernel = "kernels::tile2d<$bx, $by, $guard>";
// CHECK-NEXT: info.device_source = tiletune_site_[[#CART]]_3_source;
// CHECK-NEXT: info.name_expression = "{{(::)?}}kernels::tile2d<$@max_threads, $@min_blocks, $bx, $by, $guard>";
// CHECK-NEXT: info.space = ::tiletune::Space::cartesian(
// CHECK-NEXT: {{[{][{]}}"bx", {16ll, 32ll, 1024ll}}, {"by", {1ll, 2ll, 4ll}}, {"guard", {1ll, 0ll}}},
// CHECK-NEXT: [](const ::tiletune::Config& tt_cfg) -> bool {
// CHECK-NEXT: #line [[#CART+3]] "{{.*}}language.cu"
// CHECK-NEXT: return tt_cfg[0] * tt_cfg[1] <= 1024 && (tt_cfg[0] % 32 == 0 || !tt_cfg[2]);
// CHECK-NEXT: });
// CHECK-NEXT: info.hints.occupancy = 2;
// CHECK-NEXT: info.hints.num_ctas = 1;
// CHECK-NEXT: info.dollar_names = {"bx", "by", "guard"};
// CHECK-NEXT: return info;
// CHECK-NEXT: }());
// CHECK: #line [[#CART]] "{{.*}}language.cu"
// CHECK-NEXT: ::tiletune::launch<void (*)(float *, int, int, int)>(
// CHECK-NEXT: #line [[#CART+4]] "{{.*}}language.cu"
// CHECK-NEXT: tiletune_site_[[#CART]]_3, ::tiletune::key(width, height / 8),
// CHECK-NEXT: [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry {
// CHECK-NEXT: (void)tt_cfg;
// CHECK-NEXT: return ::tiletune::geometry(
// CHECK-NEXT: ::tiletune::Dim(
// CHECK-NEXT: #line [[#CART+5]] "{{.*}}language.cu"
// CHECK-NEXT: CEIL_DIV(width, int(tt_cfg[0])), ::tiletune::cld(height, int(tt_cfg[1]))),
// CHECK-NEXT: ::tiletune::Dim(int(tt_cfg[0]), int(tt_cfg[1]), 1),
// CHECK-NEXT: static_cast<unsigned>(int(tt_cfg[0]) * int(tt_cfg[1]) * sizeof(float)),
// CHECK-NEXT: stream);
// CHECK-NEXT: },
// CHECK-NEXT: #line [[#CART+11]] "{{.*}}language.cu"
// CHECK-NEXT: out, width, height,
// CHECK-NEXT: ::tiletune::per_config(
// CHECK-NEXT: #line [[#CART+11]] "{{.*}}language.cu"
// CHECK-NEXT: [&](const ::tiletune::Config& tt_cfg) { return int(tt_cfg[0]) * int(tt_cfg[1]); }))

void fixed_list(const float* a, float* c, int n) {
  TILETUNE(space = [(bm = 64, bn = 128),   // tall
                    (bm = 128, bn = 64),   // wide
                    (bm = 0b1000'0000, bn = 128)],
           blocks = cld(n, $bm), threads = $bn,
           gemm<$bm, $bn>(a, c, n));
}
// CHECK: info.space = ::tiletune::Space::list(
// CHECK-NEXT: {"bm", "bn"}, {{[{][{]}}64ll, 128ll}, {128ll, 64ll}, {128ll, 128ll}});
// CHECK: ::tiletune::launch<void (*)(const float *, float *, int)>(
// CHECK-NEXT: #line
// CHECK-NEXT: tiletune_site_{{[0-9]+}}_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(n))),
// CHECK: return ::tiletune::geometry(
// CHECK-NEXT: #line
// CHECK-NEXT: ::tiletune::Dim(::tiletune::cld(n, int(tt_cfg[0]))), ::tiletune::Dim(int(tt_cfg[1])),
// CHECK-NEXT: 0u, nullptr);
// CHECK-NEXT: },
// CHECK-NEXT: #line
// CHECK-NEXT: a, c, n)
