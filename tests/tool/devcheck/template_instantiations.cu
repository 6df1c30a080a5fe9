// Each instantiation of a site in a host template is device-checked on its own, with the types it
// names (a user's struct, half through a deduced argument) carried into its device source: the
// file is rewritten. With BROKEN, the kernel fails for one instantiation only, which NVRTC reports
// at the kernel's line with the instantiation's template arguments, the name expressions of its
// program (both block sizes: the launch bounds are template arguments, one program) and Clang's
// note where that instantiation is requested; the tool exits 1 and writes nothing.
// RUN: rm -rf %t.cu %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --verbose --device-check-cache %t.cache -- -I%{tiletune_include} > %t.ok 2>&1
// RUN: FileCheck %s --check-prefix=OK --input-file=%t.ok
// RUN: not %{tiletune_checked} %s -o %t.broken.cu --device-check-cache %t.cache -- -I%{tiletune_include} -DBROKEN > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out
// RUN: test ! -e %t.broken.cu

#include <tiletune/tiletune.h>

#include <cuda_fp16.h>

template <int B, class T, class M>
__global__ void add_mask(T* x, const M* mask, int n) {
#ifdef BROKEN
  static_assert(sizeof(T) <= 4, "at most 4 bytes per element");
  // CHECK: template_instantiations.cu:[[#@LINE-1]]:3: error: NVRTC: static assertion failed with "at most 4 bytes per element"
  // CHECK: note: NVRTC: detected during instantiation of "void add_mask<tiletune_max_threads,tiletune_min_blocks,B,T,M>(T *, const M *, int) [with tiletune_max_threads=128, tiletune_min_blocks=0, B=128, T=Pair, M=__half]"
#endif
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = x[i] + T(static_cast<float>(mask[i]));
}

template <class T>
void launch(T* x, const half* mask, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, add_mask<$b, T>(x, mask, n));
  // CHECK: template_instantiations.cu:[[#SITE:@LINE-1]]:3: note: in the device code of this TILETUNE site, compiled with NVRTC as the first launch would (`add_mask<(64), (0), (64), Pair, __half>`, `add_mask<(128), (0), (128), Pair, __half>`); --no-device-check skips this check
}

struct Pair {
  float a, b;
  __device__ Pair(float v = 0) : a(v), b(v) {}
  __device__ Pair operator+(Pair o) const { return Pair(a + o.a); }
};

void run(float* x, Pair* p, const half* mask, int n) {
  launch(x, mask, n);
  launch(p, mask, n);
  // CHECK: template_instantiations.cu:[[#@LINE-1]]:3: note: in instantiation of function template specialization 'launch<Pair>' requested here
}
// CHECK-NOT: error:
// OK-COUNT-2: tiletune: device check of template_instantiations.cu:[[#SITE:]]: compiled 2 instantiations
