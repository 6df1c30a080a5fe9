// nvcc accepts C++11, C++14 and C++20 programs, and so does tiletune: the tool parses the file in the
// user's -std, and what it writes (tiletune's headers and every kind of generated site: a literal
// space with `where`, a fixed list, a space built at run time, per-configuration arguments,
// Constant(...), the tuning options, static hints, a template kernel named through its signature,
// a __constant__ table shared with host code, deduced template arguments, sites in a host
// template with a literal and a run-time space) compiles with nvcc in that standard, warnings
// being errors. NVRTC compiles the tuned kernels (the device check at build time, the runtime at
// the first launch: SiteInfo::options) in C++20 for a C++20 file, else in C++17, its default,
// which is not written (slice/nvrtc_language.h says why).
// RUN: %tiletune %s -o %t.11.cu -- -std=c++11
// RUN: %nvcc -std=c++11 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.11.cu -o %t.11.o
// RUN: %tiletune %s -o %t.14.cu -- -std=c++14
// RUN: %nvcc -std=c++14 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.14.cu -o %t.14.o
// RUN: %tiletune %s -o %t.20.cu -- -std=c++20
// RUN: %nvcc -std=c++20 -arch=sm_90 -Werror all-warnings -I%{tiletune_include} -c %t.20.cu -o %t.20.o
// RUN: FileCheck %s --input-file=%t.11.cu
// RUN: FileCheck %s --input-file=%t.20.cu --check-prefix=CXX20

#include <tiletune/tiletune.h>

template <int TILE, int ITEMS>
__global__ void scale(float* x, int n, int items, float factor) {
  int i = (blockIdx.x * TILE + threadIdx.x) * ITEMS;
  for (int k = 0; k < items && i + k < n; ++k) x[i + k] *= factor;
}

template <class T, int TILE>
__global__ void copy(const T* in, T* out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) out[i] = in[i];
}

__constant__ float weights[4];

__global__ void weigh(float* x, int n, int radius) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= weights[i % 4] * radius;
}

void literal(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128, 256), items = (1, 2), occupancy = (1, 2)),
           where = $tile * $items <= 256, key = (n), blocks = (cld(n, $tile * $items), 1),
           threads = $tile, shmem = $tile * sizeof(float), stream = s,
           restore = (x, n * sizeof(float)), verify = 1e-5, flush_l2 = true, search = sample,
           budget = 2s, seed = 7, scale<$tile, $items>(x, n, $items, 2.f));
  // CHECK-NOT: info.options
  // CXX20: info.options = {"-std=c++20"};
  // CHECK: [&](const ::tiletune::Config& tt_cfg) -> ::tiletune::Geometry {
  // CHECK: return ::tiletune::geometry(
}

void list_and_constant(float* x, int n) {
  TILETUNE(space = [(tile = 64, items = 4), (tile = 128, items = 2)], num_ctas = 2,
           blocks = cld(n, $tile * $items), threads = $tile,
           scale<$tile, $items>(x, n, Constant($items), 0.5f));
}

tiletune::Space make_space(int n) {
  tiletune::Space::Axis tile = {"tile", {64, 128}};
  return tiletune::Space::cartesian({tile}, [n](const tiletune::Config& c) { return c[0] <= n; });
}

void opaque_float(const float* in, float* out, int n) {
  TILETUNE(space = make_space(n), blocks = cld(n, $tile), threads = $tile,
           copy<float, $tile>(in, out, n));
}

void symbols(float* x, int n) {
  float host[4] = {1, 2, 3, 4};
  cudaMemcpyToSymbol(weights, host, sizeof(host));
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block,
           weigh(x, n, Constant(2)));
  // CHECK: info.symbols = {::tiletune::device_symbol(
}

template <class T>
__global__ void twice(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2;
}

void deduced(double* x, int n) {
  TILETUNE(space = (block = (128, 256)), blocks = cld(n, $block), threads = $block, twice(x, n));
}

template <class T>
void in_template(const T* in, T* out, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           copy<T, $tile>(in, out, n));
  TILETUNE(space = make_space(n), blocks = cld(n, $tile), threads = $tile,
           copy<T, $tile>(in, out, n));
}
template void in_template<float>(const float*, float*, int);
template void in_template<int>(const int*, int*, int);
