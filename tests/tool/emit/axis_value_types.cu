// A `$name` in generated host code has the type of the integer literal it stands for in the
// template arguments: an int where every value of its axis fits one, so `std::min(n / $b, 1024)`
// finds std::min<int> as the user's code with the literal would (as a long long it found no
// overload: nvcc failed on the generated file). An axis with a value past int's range stays a
// long long (`std::max($big, 1ll)`), as does every axis of a space built at run time. The kernel
// and the host code use std::min and std::max themselves; nvcc compiles the rewritten file. The
// kernel call Clang is shown at the annotation types a `$name` argument the same way, so it finds
// the std::max of the long long axis too (no warning).
// RUN: %tiletune %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <algorithm>
#include <vector>

template <int B>
__global__ void clamp(float* x, int n, float cap, long long stride) {
  for (int i = blockIdx.x * B + threadIdx.x; i < n; i += int(std::min<long long>(stride, n)))
    x[i] = std::max(std::min(x[i], cap), 0.0f);
}

void run(float* x, int n, tiletune::Space space) {
  std::vector<float> caps(4, 1.0f);
  float const cap = std::min(caps[0], 2.0f);
  int const most = std::max(1, std::min(n / 64, 65535));
  TILETUNE(space = (b = (64, 128), big = (1, 4294967296)),
           blocks = std::max(1, std::min(n / $b, most)), threads = $b,
           shmem = std::min($b * 4, 1024),
           clamp<$b>(x, n, std::min(cap, 4.0f), std::max($big, 1ll)));
  TILETUNE(space = space, blocks = std::max(1ll, std::min(n / $b, 1024ll)), threads = $b,
           clamp<$b>(x, n, cap, 1));
}

// QUIET-NOT: warning
// CHECK:      ::tiletune::Dim(std::max(1, std::min(n / int(tt_cfg[0]), most))), ::tiletune::Dim(int(tt_cfg[0])),
// CHECK-NEXT: #line
// CHECK-NEXT: static_cast<unsigned>(std::min(int(tt_cfg[0]) * 4, 1024)), nullptr);
// CHECK:      [&](const ::tiletune::Config& tt_cfg) { return std::max(tt_cfg[1], 1ll); }))
// CHECK:      ::tiletune::Dim(std::max(1ll, std::min(n / tt_cfg[tt_axes[0]], 1024ll))),
