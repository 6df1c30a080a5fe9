// A line splice (a backslash that ends a line) inside an annotation is removed as C++ removes it,
// before the annotation is read: the generated code holds no backslash that no longer ends a line,
// and compiles with nvcc, with LF and with CRLF line endings. A splice may even split a name or a
// number. Errors after a splice point at their own line and column.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: sed 's/$/\r/' %s > %t.crlf.cu
// RUN: %tiletune %t.crlf.cu -o %t.crlf.out.cu
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.crlf.out.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.crlf.out.cu -o %t.crlf.o
// RUN: not %tiletune %s -o %t.bad.cu -- -DWITH_ERRORS 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %tiletune %t.crlf.cu -o %t.bad.cu -- -DWITH_ERRORS 2>&1 | FileCheck %s --implicit-check-not=error:

#include <tiletune/tiletune.h>

__global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += a * x[i];
}

// The splice between arguments, as a macro-minded author writes it.
void between_arguments(float a, const float* x, float* y, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           axpy(a, x, \
                y, n));
  // OUT: {{^}}      a, x,{{$}}
  // OUT-NEXT: {{^}}      y, n){{$}}
}

// Inside a name, a number and a keyword value, and with spaces after the backslash.
void inside_tokens(float a, const float* x, float* y, int n) {
  TILETUNE(space = (b = (12\
8, 256)), blocks = cld(n, $b), thr\
eads = $b, \    
           ax\
py(a, x, y, n));
  // OUT: info.kernel = "axpy";
  // OUT: info.space = ::tiletune::Space::cartesian({{[{][{]}}"b", {128ll, 256ll}}});
}

#ifdef WITH_ERRORS
void error_after_splice(float a, const float* x, float* y, int n) {
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), \
           threads = $bb, axpy(a, x, y, n));
  // CHECK: {{.*}}.cu:[[@LINE-1]]:22: error: '$bb' names no axis of the space; did you mean '$b'?
  TILETUNE(space = (b = (128, 256)), blocks = cld(n, $b), threads = $b,
           axpy(a, x, \
                y));
  // CHECK: {{.*}}.cu:[[@LINE-2]]:12: error: 'axpy' takes 4 arguments, but 3 are given
}
#endif
