// A kernel's template argument that names a type alias declared inside the launching function
// (`using T = float;`, `typedef Cfg::value_type V;`, an alias of a user struct, an alias of the
// enclosing template's parameter): nvcc takes it, and NVRTC, which compiles the kernel apart from
// that function, is given the type it stands for; the slice carries what that type names
// (`Params`). NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file.
// A type declared inside the function itself (a struct, or an alias of one) stays refused: nvcc
// refuses it too as a __global__ template's argument.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %tiletune %s -o %t.refused.cu -- -I%{tiletune_include} -DREFUSED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REFUSED

#include <tiletune/tiletune.h>

struct Cfg {
  using value_type = float;
};

struct Params {
  float scale;
};

template <int B, class T, class P>
__global__ void k(T* x, P p, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) x[i] *= T(p.scale);
}

void run(float* x, int n) {
  using T = float;
  typedef Cfg::value_type V;
  using P = Params;
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           k<$b, T, P>(x, P{2.0f}, n));
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           k<$b, V, Params>(x, Params{2.0f}, n));
}

template <class U>
void run_template(U* x, int n) {
  using Element = U;
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           k<$b, Element, Params>(x, Params{2.0f}, n));
}
template void run_template<double>(double*, int);

#ifdef REFUSED
void refused(float* x, int n) {
  struct Local {
    float scale;
  };
  using Alias = Local;
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           k<$b, float, Alias>(x, Alias{2.0f}, n));
}
#endif

// CHECK:      struct Params {
// CHECK:      info.name_expression = "k<$b, float, Params>";
// CHECK:      info.name_expression = "k<$b, float, Params>";
// CHECK:      info.name_expression = "k<$b, double, Params>";
// REFUSED:    local_type_aliases.cu:[[#@LINE-8]]:25: error: 'Alias' is declared inside 'refused', where NVRTC (compiling the tuned kernel apart from this file) cannot name it; declare it at namespace scope
