// A template argument NVRTC cannot name is refused at its column: a template parameter of the
// enclosing host template (its text names a different type per instantiation) and a type declared
// inside the enclosing function.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = 2 * x[i];
}

template <class T>
// CHECK-DAG: refuse_template_argument.cu:[[@LINE-1]]:17: note: template parameter declared here
void launch(T* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b, T>(x, n));
  // CHECK-DAG: refuse_template_argument.cu:[[@LINE-1]]:82: error: 'T' is a template parameter of 'launch': the tuned kernel is compiled by NVRTC from this text, which names a different type in each instantiation; write the type itself (one annotated launch per type)
}

void run(float* x, int n) {
  struct Local {
    float v;
  };
  // CHECK-DAG: refuse_template_argument.cu:[[@LINE-3]]:10: note: declared here
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           scale<$b, Local>(reinterpret_cast<Local*>(x), n));
  // CHECK-DAG: refuse_template_argument.cu:[[@LINE-1]]:22: error: 'Local' is declared inside 'run', where NVRTC (compiling the tuned kernel apart from this file) cannot name it; declare it at namespace scope
  launch(x, n);
}
