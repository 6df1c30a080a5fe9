// An opaque space is any C++ expression that makes a tiletune::Space; it may use the launching
// function's variables, so it is evaluated where the annotation is, once per key (the key is
// evaluated first; tiletune::SitesPerKey keeps a site per key), and each `$name` is looked up in
// that key's space by name (its checks run at the key's first launch). A template
// argument that uses `$` names the kernel's pointer type with a stand-in value when the parameter
// types need one, through a host function template of the kernel's signature (naming the kernel's
// own specialisation draws nvcc's warning #20280). Arguments that use `$` are computed per configuration. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

namespace kernels {
template <class T, int TILE>
__global__ void scale(T* x, int n, int unrolled) {}
}  // namespace kernels

template <int TILE>
__global__ void fill(float* x, int n) {}

tiletune::Space make_space(int n) {
  return tiletune::Space::cartesian({{"tile", {64, 128, 256}}, {"unroll", {1, 2}}},
                                    [n](const tiletune::Config& c) { return c[0] <= n; });
}

// CHECK: static const char tiletune_site_[[#OPAQUE:]]_3_source[] = R"tiletune(// Device source sliced by tiletune.
// CHECK: )tiletune";
// CHECK-NEXT: template <class T, int TILE>
// CHECK-NEXT: static void tiletune_site_[[#OPAQUE]]_3_signature(T *, int, int);
void run(float* x, int n, cudaStream_t s) {
  TILETUNE(space = make_space(n),  // built at run time, from n
           blocks = CEIL_DIV(n, $tile * $unroll),
           threads = $tile, shmem = $tile * sizeof(float), stream = s,
           kernels::scale<float, $tile>(x, n, $unroll));
}
// CHECK: #line [[#OPAQUE]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: [&] {
// CHECK-NEXT: static ::tiletune::SitesPerKey tiletune_site_[[#OPAQUE]]_3;
// CHECK-NEXT: #line [[#OPAQUE+3]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: const ::tiletune::Key tt_key = ::tiletune::key(::tiletune::bucket(static_cast<long long>(n)));
// CHECK-NEXT: ::tiletune::SitesPerKey::Keyed& tt_site = tiletune_site_[[#OPAQUE]]_3.at(
// CHECK-NEXT: tt_key,
// CHECK-NEXT: [&]() -> ::tiletune::SiteInfo {
// CHECK-NEXT: ::tiletune::SiteInfo info;
// CHECK-NEXT: info.file = "{{.*}}opaque_space.cu";
// CHECK-NEXT: info.line = [[#OPAQUE]];
// CHECK-NEXT: info.id = "{{[0-9a-f]+}}";
// CHECK-NEXT: info.kernel = "kernels::scale<float, $tile>";
// CHECK-NEXT: info.device_source = tiletune_site_[[#OPAQUE]]_3_source;
// CHECK-NEXT: info.name_expression = "{{(::)?}}kernels::scale<$@max_threads, $@min_blocks, float, $tile>";
// CHECK-NEXT: #line [[#OPAQUE]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: info.space = ::tiletune::Space(make_space(n));
// CHECK-NEXT: info.dollar_names = {"tile", "unroll"};
// CHECK-NEXT: return info;
// CHECK-NEXT: });
// CHECK-NEXT: const int* const tt_axes = tt_site.axes.data();
// CHECK-NEXT: ::tiletune::launch<decltype(&tiletune_site_[[#OPAQUE]]_3_signature<float, (1)>)>(
// CHECK-NEXT: tt_site.site, tt_key,
// CHECK-NEXT: [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry {
// CHECK-NEXT: (void)tt_cfg;
// CHECK-NEXT: return ::tiletune::geometry(
// CHECK-NEXT: #line [[#OPAQUE+1]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: ::tiletune::Dim(CEIL_DIV(n, tt_cfg[tt_axes[0]] * tt_cfg[tt_axes[1]])),
// CHECK-NEXT: ::tiletune::Dim(tt_cfg[tt_axes[0]]),
// CHECK-NEXT: #line [[#OPAQUE+2]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: static_cast<unsigned>(tt_cfg[tt_axes[0]] * sizeof(float)), s);
// CHECK-NEXT: },
// CHECK-NEXT: #line [[#OPAQUE+3]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: x, n,
// CHECK-NEXT: ::tiletune::per_config(
// CHECK-NEXT: #line [[#OPAQUE+3]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: [&](const ::tiletune::Config& tt_cfg) { return tt_cfg[tt_axes[1]]; }));
// CHECK-NEXT: }()
// CHECK-NEXT: #line [[#OPAQUE+3]] "{{.*}}opaque_space.cu"
// CHECK-NEXT: ;

// A space made on the spot, and parameter types that do not depend on the template: they are
// printed, so no stand-in value is needed.
void inline_space(float* x, int n) {
  TILETUNE(space = tiletune::Space::list({"tile"}, {{64}, {128}}),
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(x, n));
}
// CHECK: info.space = ::tiletune::Space(tiletune::Space::list({"tile"}, {{[{][{]}}64}, {128}}));
// CHECK: ::tiletune::launch<void (*)(float *, int)>(
