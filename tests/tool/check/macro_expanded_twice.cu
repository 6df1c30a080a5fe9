// An annotation in a macro's argument that the macro writes twice (a BOOL_SWITCH defining a
// constant as true in one copy and false in the other) is one site whose copies Clang may resolve
// to different kernels: generated code is written once, so that is an error at the kernel's name,
// naming both (before, the first copy's kernel ran for both: the other copy's launches computed
// with the wrong constant). Copies that launch one kernel are one site, as before.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %tiletune %s -o %t.same.cu -- -DSAME_KERNEL_ONLY
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -DSAME_KERNEL_ONLY -c %t.same.cu -o %t.o

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

template <bool Scaled>
__global__ void k(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = Scaled ? 2 * p[i] : p[i] + 1;
}

#ifndef SAME_KERNEL_ONLY
void in_function(float* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<Scaled>(p, n));
  });
  // CHECK: macro_expanded_twice.cu:[[@LINE-2]]:74: error: this annotation is expanded more than once (it is in a macro's argument that the macro writes twice), and its kernel call launches different kernels there: 'k<true>' and 'k<false>'; a site stands for one launch: annotate the launch where it is written once (outside the macro's argument), one annotation per kernel
}

template <typename T>
void in_template(T* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<Scaled>(p, n));
  });
  // CHECK: macro_expanded_twice.cu:[[@LINE-2]]:74: error: this annotation is expanded more than once {{.*}}'k<true>' and 'k<false>'
}
template void in_template<float>(float*, int, bool);
#endif

void one_kernel(float* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<true>(p, n));
  });
}
