// A launcher template this file never instantiates (as a header-only launcher is, in the files
// that do not call it) has no site here: the class template is declared and the launch goes
// through it, but nothing specialises it, and the output compiles. It is not an error, as an
// unused template is not: a file that instantiates it gets its sites. The annotation is still
// checked as far as its text allows: with BAD, its unknown keyword is an error.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %tiletune %s -o %t.bad.cu -- -I%{tiletune_include} -DBAD 2>&1 | FileCheck %s --check-prefix=BAD

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {}

// CHECK: {{^}}struct tiletune_site_[[#LINE:]]_3_for;
template <class T>
void launch(T* x, int n) {
#ifndef BAD
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b>(x, n));
#else
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), thread = $b, scale<$b>(x, n));
  // BAD: template_never_instantiated.cu:[[@LINE-1]]:58: error: unknown keyword 'thread'; did you mean 'threads'?
#endif
}
// CHECK: {{^ *}}::tiletune::launch<typename tiletune_site_[[#LINE]]_3_for<T>::kernel>(
// CHECK-NOT: {{^}}template <>
