// An annotation in a macro's argument that the macro writes twice is copied: a BOOL_SWITCH defines
// a constant true before one copy and false before the other, a type switch an alias. Copies that
// Clang resolves to different kernels through such a constant or alias (`k<Scaled>`, `kt<T>`) are
// sites of their own, keyed on it as a template's instantiations are keyed on its arguments: the
// generated code names it, and each copy resolves it (before, the first copy's kernel ran for both,
// so the other copy's launches computed with the wrong constant). Copies told apart otherwise (a
// local enumerator) are an error at the kernel's name that names both kernels.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %tiletune %s -o %t.bad.cu -- -DWITH_ERRORS 2>&1 | FileCheck %s --implicit-check-not=error:

#include <tiletune/tiletune.h>

#define BOOL_SWITCH(cond, var, ...)      \
  [&] {                                  \
    if (cond) {                          \
      constexpr static bool var = true;  \
      return __VA_ARGS__();              \
    } else {                             \
      constexpr static bool var = false; \
      return __VA_ARGS__();              \
    }                                    \
  }()

#define TYPE_SWITCH(wide, T, ...) \
  [&] {                           \
    if (wide) {                   \
      using T = double;           \
      return __VA_ARGS__();       \
    } else {                      \
      using T = float;            \
      return __VA_ARGS__();       \
    }                             \
  }()

template <bool Scaled>
__global__ void k(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = Scaled ? 2 * p[i] : p[i] + 1;
}

template <typename T>
__global__ void kt(void* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) static_cast<T*>(p)[i] += 1;
}

void in_function(float* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<Scaled>(p, n));
  });
  // OUT: info.kernel = "k<true>";
  // OUT: info.kernel = "k<false>";
}

template <typename U>
void in_template(U* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<Scaled>(p, n));
  });
}
template void in_template<float>(float*, int, bool);

void by_type(void* p, int n, bool wide) {
  TYPE_SWITCH(wide, T, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, kt<T>(p, n));
  });
  // OUT: info.kernel = "kt<double>";
  // OUT: info.kernel = "kt<float>";
}

// Copies that launch one kernel are one site.
void one_kernel(float* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<true>(p, n));
  });
}

#ifdef WITH_ERRORS
#define TWO_SIZES(...)    \
  [&] {                   \
    {                     \
      enum { N = 1 };     \
      __VA_ARGS__();      \
    }                     \
    {                     \
      enum { N = 2 };     \
      __VA_ARGS__();      \
    }                     \
  }()

template <int M>
__global__ void kn(float* p, int n) {}

void by_enumerator(float* p, int n) {
  TWO_SIZES([&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, kn<N>(p, n));
  });
  // CHECK: macro_expanded_twice.cu:[[@LINE-2]]:74: error: this annotation is expanded more than once (it is in a macro's argument that the macro writes twice), and its kernel call launches different kernels there: 'kn<1>' and 'kn<2>'; a site stands for one launch: annotate the launch where it is written once (outside the macro's argument), one annotation per kernel
}
#endif
