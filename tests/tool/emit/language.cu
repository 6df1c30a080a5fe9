// The whole annotation language in literal spaces: multi-line annotations with comments, macros in
// expressions, hex / separated / boolean values, fixed lists, where, key, tuples for blocks and
// threads, shmem, stream, static hints, `$` in every expression position, cld, and template
// arguments that use `$`. The output compiles with nvcc.
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
// CHECK: static ::tiletune::Site tiletune_site_[[#CART:]]_3(::tiletune::SiteInfo{
// CHECK-NEXT: "{{.*}}language.cu", [[#CART]], "kernels::tile2d<$bx, $by, $guard>",
// CHECK: "{{(::)?}}kernels::tile2d<$bx, $by, $guard>",
// CHECK-NEXT: ::tiletune::Space::cartesian({{[{][{]}}"bx", {16ll, 32ll, 1024ll}}, {"by", {1ll, 2ll, 4ll}}, {"guard", {1ll, 0ll}}}, [](const ::tiletune::Config& tt_cfg) -> bool { return tt_cfg[0] * tt_cfg[1] <= 1024 && (tt_cfg[0] % 32 == 0 || !tt_cfg[2]); }),
// CHECK-NEXT: ::tiletune::Hints{2, 1},
// CHECK: ::tiletune::launch<void (*)(float *, int, int, int)>(tiletune_site_[[#CART]]_3, ::tiletune::key(width, height / 8), [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry { (void)tt_cfg; return {::tiletune::Dim(CEIL_DIV(width, tt_cfg[0]), ::tiletune::cld(height, tt_cfg[1])), ::tiletune::Dim(tt_cfg[0], tt_cfg[1], 1), static_cast<unsigned>(tt_cfg[0] * tt_cfg[1] * sizeof(float)), stream}; }, out, width, height, ::tiletune::per_config([&](const ::tiletune::Config& tt_cfg) { return tt_cfg[0] * tt_cfg[1]; }))

void fixed_list(const float* a, float* c, int n) {
  TILETUNE(space = [(bm = 64, bn = 128),   // tall
                    (bm = 128, bn = 64),   // wide
                    (bm = 0b1000'0000, bn = 128)],
           blocks = cld(n, $bm), threads = $bn,
           gemm<$bm, $bn>(a, c, n));
}
// CHECK: ::tiletune::Space::list({"bm", "bn"}, {{[{][{]}}64ll, 128ll}, {128ll, 64ll}, {128ll, 128ll}}),
// CHECK: ::tiletune::launch<void (*)(const float *, float *, int)>(tiletune_site_{{[0-9]+}}_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(n))), [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry { (void)tt_cfg; return {::tiletune::Dim(::tiletune::cld(n, tt_cfg[0])), ::tiletune::Dim(tt_cfg[1]), 0u, nullptr}; }, a, c, n)
