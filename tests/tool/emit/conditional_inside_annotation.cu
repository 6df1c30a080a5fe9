// A conditional inside an annotation (#if, #ifdef, #ifndef, #else, #endif), as nvcc takes one
// inside a launch's arguments: the tool reads the branches the preprocessor takes with the tool's
// own flags, and the rewritten file keeps the directives after the site's code, so that a
// conditional the annotation opens and one it closes outside stay balanced. nvcc compiles the
// output with the same flags. A '#' line inside a comment is no directive.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: %tiletune %s -o %t.wide.cu -- -DWIDE
// RUN: FileCheck %s --check-prefix=WIDE --input-file=%t.wide.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -DWIDE -c %t.wide.cu -o %t.wide.o

#include <tiletune/tiletune.h>

struct Twice {
  __device__ float operator()(float v) const { return 2 * v; }
};
struct Thrice {
  __device__ float operator()(float v) const { return 3 * v; }
};

template <typename Op>
__global__ void apply(float* p, int n, Op op) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = op(p[i]);
}

__global__ void scale(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= 2;
}

// A value of the space in one branch only, and the grid from either branch.
void values(float* p, int n) {
  TILETUNE(space = (t = (64,
#ifdef WIDE
                         1024,
#endif
                         128)),
           blocks = cld(n,
#if defined(WIDE)
                        $t * 2),
#else
                        $t),
#endif
           threads = $t, scale(p, n));
  // PLAIN: Space::cartesian({{[{][{]}}"t", {64ll, 128ll}}});
  // WIDE: Space::cartesian({{[{][{]}}"t", {64ll, 1024ll, 128ll}}});
  // PLAIN: Dim(::tiletune::cld(n, int(tt_cfg[0]))),
  // WIDE: Dim(::tiletune::cld(n, int(tt_cfg[0]) * 2)),
}

// The annotation ends inside the conditional: its ')' in each branch.
void functor(float* p, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           apply(p, n,
#ifndef WIDE
                 Twice()));
#else
                 Thrice()));
#endif
  // PLAIN: launch<void {{[(][*][)]}}(float *, int, Twice)>(
  // WIDE: launch<void {{[(][*][)]}}(float *, int, Thrice)>(
  // The directives follow the call, the rest of the conditional after them.
  // PLAIN: {{^}}      Twice()){{$}}
  // PLAIN-NEXT: {{^}}#ifndef WIDE{{$}}
  // PLAIN-NEXT: {{^#line}}
  // PLAIN-NEXT: {{^;$}}
  // PLAIN-NEXT: {{^#else$}}
  // WIDE: {{^}}      Thrice()){{$}}
  // WIDE-NEXT: {{^}}#ifndef WIDE{{$}}
  // WIDE-NEXT: {{^}}#else{{$}}
}

// A directive line inside a block comment of the annotation stays a comment.
void commented(float* p, int n) {
  TILETUNE(space = (t = (64, 128)), /* the old space:
#if 0 */
           blocks = cld(n, $t), threads = $t, scale(p, n));
  // PLAIN: info.kernel = "scale";
}
