// FIXED as a refusal (lit check/dollar_in_template_arguments.cu). A `$name` inside template
// arguments of a launch expression other than the kernel call (tiny-flash-attention's launcher sizes
// its dynamic shared memory as `sizeof(SharedStorage<...>)` of its kernel traits; the natural
// annotation writes `shmem = sizeof(Storage<$m>)`): the tool accepted it and emitted `$m` as the
// configuration's run-time value (`int(tt_cfg[0])`), so nvcc refused the rewritten file at the
// annotation's line ("expression must have a constant value"). It is now an error at the `$m`
// that says to write the value as arithmetic on `$` names (`shmem = $m * 64 * sizeof(float)`),
// which is what tinyfa/flash_cutlass's annotation does. Found in: tinyfa/flash_cutlass
// (66RING/tiny-flash-attention flash_attention_cutlass/standalone_src/flash_attention_cutlass_standalone.cu).
// Reproduce: tiletune dollar_in_shmem_template_argument.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

template <int M>
struct Storage {
  float tile[M][64];
};

template <int M>
__global__ void fill(float* out, int n) {
  extern __shared__ float smem[];
  Storage<M>& s = *reinterpret_cast<Storage<M>*>(smem);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s.tile[threadIdx.x % M][0] = float(i);
  __syncthreads();
  if (i < n) out[i] = s.tile[threadIdx.x % M][0];
}

void run(float* out, int n) {
  TILETUNE(space = (m = (32, 64)), blocks = cld(n, 128), threads = 128,
           shmem = sizeof(Storage<$m>), fill<$m>(out, n));
}

int main() {
  float* out;
  cudaMalloc(&out, 1024 * sizeof(float));
  run(out, 1024);
  cudaDeviceSynchronize();
  return 0;
}
