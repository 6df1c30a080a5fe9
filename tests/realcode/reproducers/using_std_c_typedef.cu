// FIXED (lit slice/using_std_c_typedef.cu). `using std::uint64_t;` at namespace scope, the name used
// in device code: nvcc compiles it; the tool accepted it but its NVRTC check refused the slice
// ("NVRTC: namespace \"std\" has no member \"uint64_t\"" at the using-declaration): the slice
// included <cuda/std/cstdint> yet never mapped std::uint64_t to cuda::std::uint64_t, because
// Clang's shadow of the user's using-declaration points past <cstdint>'s `using ::uint64_t;` to the
// C typedef. Found in: nccltests/inexact_regress (nccl-tests verifiable/inexact_regress.cu).
// Reproduce: tiletune using_std_c_typedef.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <cstdint>

using std::uint64_t;

struct xoshiro {
  uint64_t s;
  __device__ explicit xoshiro(int seed) : s(0xbb99e851d1f545ccull + seed) {}
  __device__ uint64_t operator()() { return s = (s << 17) ^ (s >> 7) ^ s; }
};

__global__ void draw(uint64_t* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  xoshiro rng(i);
  if (i < n) out[i] = rng();
}

void run(uint64_t* out, int n) {
  TILETUNE(space = (t = (64, 128, 256)), blocks = cld(n, $t), threads = $t, draw(out, n));
}
