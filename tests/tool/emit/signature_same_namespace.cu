// A template kernel declared in the same namespace block as the site: the site's declarations go
// before that block, where the kernel's signature is not yet declared, so the pointer type names
// the kernel's specialisation (decltype) rather than a host signature template. The output
// compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

namespace app {
struct Pair {
  float a, b;
};

template <class T, int TILE>
__global__ void sum(const T* in, float* out, int n) {}

void run(const Pair* in, float* out, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           sum<Pair, $tile>(in, out, n));
}
}  // namespace app

// CHECK-NOT: _signature
// CHECK: ::tiletune::launch<decltype(&sum<Pair, (64)>)>(
