// tool: `NVRTC: A function without execution space annotations ... host functions are not allowed
// in JIT mode`: a functor passed by value to the kernel has a host constructor; the slice carries
// it and NVRTC refuses host function definitions (NVRTC's -default-device or dropping host-only
// members would do). nvcc accepts. Found in: bbuf/elementwise (SimpleFactory).

#include <tiletune/tiletune.h>

struct Scale {
  explicit Scale(float f) : factor(f) {}
  __device__ float operator()(float v) const { return v * factor; }
  float factor;
};

template <typename F>
__global__ void k(F f, float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (128, 256)), blocks = cld(n, $t), threads = $t, k(Scale(2.f), x, n));
}
