// FIXED (s43, tool/check/site_instantiations.cpp key_copies). A launch inside the lambda a
// BOOL_SWITCH-style macro writes twice (Bruce-Lee-LY/decoding_attention's DA_BOOL_SWITCH: the
// constant IsAlibi true in one copy, false in the other) names a different kernel in each copy;
// the tool emitted the first copy's kernel for both, and the non-alibi launches computed with
// ALiBi slopes (on an H200: max diff 0.8 against the author's reference; 0.000008 built plainly).
// Now each copy is a site of its own, keyed on the constant (..._for<Scaled>); copies told apart
// otherwise are refused: "this annotation is expanded more than once ... 'k<1>' and 'k<2>'".
// Reproduce: tiletune macro_argument_written_twice.cu -o out.cu -- -I<tiletune>/include -std=c++17

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

void run(float* p, int n, bool scaled) {
  BOOL_SWITCH(scaled, Scaled, [&] {
    TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, k<Scaled>(p, n));
  });
}
