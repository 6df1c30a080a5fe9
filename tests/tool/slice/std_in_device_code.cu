// The C++ standard library in device code, as nvcc takes it (host headers, relaxed constexpr):
// traits, limits, utilities, <cmath>, min and max. NVRTC compiles libcu++'s counterparts, so the
// slice includes the header libcu++ declares each in (its own header for one entity, such as
// cuda/std/__algorithm/min.h, where there is one) and makes std:: find cuda::std's name (each name
// the code uses, standard_library.h; NVRTC's own std::move stays std's); code that also
// names cuda::std itself, `using namespace std;` and `using std::min;` keep working. NVRTC
// compiles every instantiation (the device check is on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --expt-relaxed-constexpr -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda/std/type_traits>

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

using namespace std;
using std::min;

template <class T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
__device__ T clamp_to_max(T x) {
  return std::min(x, std::numeric_limits<T>::max());
}

template <bool B>
using flag = std::bool_constant<B>;

template <int BLOCK, bool SQUARE>
__global__ void transform(float* x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i >= n) return;
  std::pair<float, int> p{x[i], i};
  float v = flag<SQUARE>::value ? p.first * p.first : std::sqrt(std::abs(p.first));
  static_assert(cuda::std::is_same_v<decltype(v), float>, "cuda::std as written");
  x[i] = clamp_to_max(max(v, min(v, 0.0f))) + std::exp(std::move(v)) * std::is_same<float, decltype(v)>::value;
}

void run(float* x, int n) {
  TILETUNE(space = (block = (64, 128), square = (0, 1)), blocks = cld(n, $block),
           threads = $block, transform<$block, $square>(x, n));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK-DAG: #include <cuda/std/type_traits>
// CHECK-DAG: #include <cuda/std/__algorithm/min.h>
// CHECK-DAG: #include <cuda/std/__limits/numeric_limits.h>
// CHECK-DAG: #include <cuda/std/__utility/pair.h>
// CHECK-DAG: #include <cuda/std/cmath>
// CHECK-NOT: #include <algorithm>
// CHECK: namespace tiletune_cuda_std { using cuda::std::pair; }
// CHECK: namespace std { using namespace tiletune_cuda_std; }
// CHECK: namespace tiletune_cuda_std { using cuda::std::min; }
// CHECK: using namespace std;
// CHECK: using std::min;
