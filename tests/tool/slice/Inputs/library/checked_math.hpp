// A header library's style (CuTe's CUTE_INVALID_CONTROL_PATH): a macro of the user's whose body uses
// the C library's assert and printf, in a __host__ __device__ function, with <cstdio> reached
// through <string>.
#pragma once
#include <cassert>
#include <string>
#define LIB_UNREACHABLE(x) \
  assert(0 && x);          \
  printf(x)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define LIB_SM80_ENABLED
#endif
namespace lib {
struct Twice {
  __forceinline__ __host__ __device__ static float apply(float a) {
#if defined(LIB_SM80_ENABLED)
    return a + a;
#else
    if (a < 0) {
      LIB_UNREACHABLE("lib::Twice: negative input\n");
    }
    return a * 2;
#endif
  }
};
}  // namespace lib
