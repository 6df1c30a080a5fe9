// The design's example is rewritten into a site object that fills its SiteInfo field by field and
// one call into the runtime, each laid out within 100 columns, with #line directives that keep
// nvcc's line numbers on the original file: every line that holds text of the annotation is
// reported at the line that text is on. The output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: FileCheck %s --input-file=%t.cu --check-prefix=LAYOUT --strict-whitespace --match-full-lines
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// CHECK: #line 1 "{{.*}}vadd.cu"
// CHECK: static const char tiletune_site_[[#LINE:]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK-NEXT: #line 12 "{{.*}}vadd.cu"
// CHECK-NEXT: template <int tiletune_max_threads, int tiletune_min_blocks, int TILE>
// CHECK-NEXT: __launch_bounds__(tiletune_max_threads, tiletune_min_blocks) __global__ void vadd(const float* a, const float* b, float* c, int n) {
// CHECK: )tiletune";
// LAYOUT:){{tiletune}}";
// LAYOUT-NEXT:#line [[#LINE:]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:static ::tiletune::Site tiletune_site_[[#LINE]]_3([]() -> ::tiletune::SiteInfo {
// LAYOUT-NEXT:  ::tiletune::SiteInfo info;
// LAYOUT-NEXT:  info.file = "{{.*}}vadd.cu";
// LAYOUT-NEXT:  info.line = [[#LINE]];
// LAYOUT-NEXT:  info.id = "{{[0-9a-f]+}}";
// LAYOUT-NEXT:  info.kernel = "vadd<$tile>";
// LAYOUT-NEXT:  info.device_source = tiletune_site_[[#LINE]]_3_source;
// LAYOUT-NEXT:  info.name_expression = "vadd<$@max_threads, $@min_blocks, $tile>";
// LAYOUT-NEXT:  info.space = ::tiletune::Space::cartesian(
// LAYOUT-NEXT:      {{[{][{]}}"tile", {64ll, 128ll, 256ll}}, {"occupancy", {1ll, 2ll, 4ll}}});
// LAYOUT-NEXT:  info.dollar_names = {"tile"};
// LAYOUT-NEXT:  return info;
// LAYOUT-NEXT:}());
// LAYOUT-NEXT:#line [[#@LINE+2]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:void add(const float* a, const float* b, float* c, int n, cudaStream_t s) {
void add(const float* a, const float* b, float* c, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256), occupancy = (1, 2, 4)),
           blocks = cld(n, $tile), threads = $tile, stream = s,
           vadd<$tile>(a, b, c, n));
}
// LAYOUT-NEXT:#line [[#LINE]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:  ::tiletune::launch<void (*)(const float *, const float *, float *, int)>(
// LAYOUT-NEXT:#line [[#LINE+2]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:      tiletune_site_[[#LINE]]_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(n))),
// LAYOUT-NEXT:      [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry {
// LAYOUT-NEXT:        (void)tt_cfg;
// LAYOUT-NEXT:        return ::tiletune::geometry(
// LAYOUT-NEXT:#line [[#LINE+1]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:            ::tiletune::Dim(::tiletune::cld(n, int(tt_cfg[0]))), ::tiletune::Dim(int(tt_cfg[0])),
// LAYOUT-NEXT:#line [[#LINE+1]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:            0u, s);
// LAYOUT-NEXT:      },
// LAYOUT-NEXT:#line [[#LINE+2]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:      a, b, c, n)
// LAYOUT-NEXT:#line [[#LINE+2]] "{{.*}}vadd.cu"
// LAYOUT-NEXT:;
// LAYOUT-NEXT:}
