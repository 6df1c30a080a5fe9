// A template kernel declared in the same namespace block as the site: the site's declarations go
// before that block, where the kernel's signature is not yet declared, so the pointer type is the
// one of the specialisation Clang resolved at the launch, spelled out (naming the kernel's
// specialisation, even in decltype, would make nvcc expect this file to define it), rather than a
// host signature template. The output compiles.
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

// CHECK-NOT: _{{signature}}
// CHECK: ::tiletune::launch<void (*)(const app::Pair *, float *, int)>(
// CHECK-NOT: launch<{{decltype}}
