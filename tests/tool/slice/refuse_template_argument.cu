// A template argument NVRTC cannot name is refused at its column: a type declared inside the
// enclosing function. In a host template, an instantiation whose arguments name such a type is
// refused at the annotation, with a note where the type is declared and one where the
// instantiation is requested; the template's other instantiations are fine.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] = 2 * x[i];
}

template <class T>
void launch(T* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b, T>(x, n));
  // CHECK-DAG: refuse_template_argument.cu:[[@LINE-1]]:3: error: this instantiation of the site names 'Local', a type declared inside 'run', which NVRTC (compiling the tuned kernel apart from this file) and the generated site cannot name; declare it at namespace scope
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
  launch(reinterpret_cast<Local*>(x), n);
  // CHECK-DAG: refuse_template_argument.cu:[[@LINE-1]]:3: note: in instantiation of function template specialization 'launch<Local>' requested here
}
// CHECK-NOT: launch<float>
