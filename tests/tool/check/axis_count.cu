// A configuration holds up to 16 axes (rules::kMaxAxes): a warp-tiled matmul sweeps 9 parameters,
// and 16 still make a site whose generated code compiles (limits.cu: 17 is an error).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES, int SPLIT>
__global__ void warp_tiled(const float* a, float* c, int n) {
  int i = blockIdx.x * BM + threadIdx.x;
  if (i < n) c[i] = a[i] * (BN + BK + WM + WN + TM + TN + STAGES + SPLIT);
}

template <int A, int B>
__global__ void sixteen(float* c, int n) {
  if (threadIdx.x == 0) c[blockIdx.x] = A + B;
}

void nine(const float* a, float* c, int n) {
  TILETUNE(space = (bm = (64, 128), bn = (64, 128), bk = (16), wm = (32), wn = (32), tm = (4),
                    tn = (4), stages = (2, 3), split = (1)),
           blocks = cld(n, $bm), threads = 128,
           warp_tiled<$bm, $bn, $bk, $wm, $wn, $tm, $tn, $stages, $split>(a, c, n));
}
// CHECK: {"bm", "bn", "bk", "wm", "wn", "tm", "tn", "stages", "split"}
// CHECK: {64, 64, 16, 32, 32, 4, 4, 2, 1}

void sixteen_axes(float* c, int n) {
  TILETUNE(space = (a = (1, 2), b = (1), c = (1), d = (1), e = (1), f = (1), g = (1), h = (1),
                    i = (1), j = (1), k = (1), l = (1), m = (1), o = (1), p = (1), q = (3, 4)),
           blocks = 1, threads = 32, sixteen<$a, $q>(c, n));
}
// CHECK: {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "o", "p", "q"}
// CHECK: {2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4}
