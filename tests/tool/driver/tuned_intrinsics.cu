// A tuned kernel may use the cache-hinted intrinsics Clang's CUDA headers lack: the tool parses
// them through its compatibility header, which never reaches the slice (NVRTC declares them).
// RUN: %tiletune %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: {{error|warning}}
// RUN: FileCheck %s < %t.cu
// CHECK: static const char tiletune_site_{{[0-9_]+}}source[] = R"tiletune(
// CHECK-NOT: clang_parse{{[_]}}compat
// CHECK: if (i < n) __stcs(c + i, __ldlu(a + i));
// CHECK-NEXT: }
// CHECK-NEXT: )tiletune";

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void stream(float4* c, const float4* a, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) __stcs(c + i, __ldlu(a + i));
}

void run(float4* c, const float4* a, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, stream<$tile>(c, a, n));
}
