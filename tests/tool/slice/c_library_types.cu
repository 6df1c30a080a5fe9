// The C library's types in a kernel (glibc's typedefs, through <cstdint>, <stdint.h>, <cstddef>,
// <sys/types.h>): used directly, through the user's own typedef and alias, as members, as template
// arguments (in the kernel and at the site), and spelled std::. NVRTC has none of them but size_t
// and ptrdiff_t: <stdint.h>'s names come from libcu++'s <cuda/std/cstdint>, the others (uint,
// ushort, ulong, ssize_t) as typedefs of the host's type, and std:: finds cuda::std. NVRTC compiles
// every instantiation (the device check is on) and nvcc the rewritten file. Their limits
// (<climits>' INT_MAX, spelled with GCC's predefined __INT_MAX__, and <cstdint>'s INT64_MAX,
// INT64_C) come from libcu++ too, which defines them for NVRTC.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <stdint.h>
#include <sys/types.h>

typedef int64_t index_type;
using byte_type = std::uint8_t;

template <typename T>
struct Span {
  T* data;
  std::size_t size;
  ptrdiff_t stride;
};

struct Shape {
  int32_t rows;
  uint32_t cols;
  intptr_t tag;
  ushort lanes;
  ulong words;
};

template <int BLOCK, typename Index>
__global__ void gather(Span<float> out, const float* in, index_type n, Shape shape, uint step) {
  std::int64_t i = blockIdx.x * static_cast<int64_t>(BLOCK) + threadIdx.x;
  Index j = static_cast<Index>(i) * step;
  ssize_t signed_j = j;
  byte_type low = static_cast<uint8_t>(j);
  size_t words = shape.words + shape.lanes + sizeof(uintptr_t);
  const int64_t limit = n > INT_MAX ? INT64_MAX : INT64_C(1) << 40;
  if (i < n && signed_j >= 0 && i < limit && i <= UINT32_MAX)
    out.data[i * out.stride] = in[j % shape.cols] + low + words;
}

void run(Span<float> out, const float* in, int64_t n, Shape shape) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           gather<$block, uint32_t>(out, in, n, shape, 2u));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK-DAG: #include <cuda/std/cstdint>
// CHECK-DAG: #include <cuda/std/cstddef>
// CHECK-DAG: #include <cuda/std/climits>
// CHECK-DAG: typedef unsigned short ushort;
// CHECK-DAG: typedef unsigned long ulong;
// CHECK-DAG: typedef unsigned int uint;
// CHECK-DAG: typedef long ssize_t;
// CHECK-DAG: namespace std { using namespace tiletune_cuda_std; }
// CHECK-NOT: #define INT_MAX
// CHECK: typedef int64_t index_type;
// CHECK: __global__ void gather(
