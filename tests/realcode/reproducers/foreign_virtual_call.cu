// FIXED (lit slice/refuse_foreign_virtual_calls.cu): now a build-time error at the call. A tuned
// kernel calls a virtual function on objects that another kernel of the program made with device
// `new`: their virtual tables are in the program's module, the tuned kernel is NVRTC's module, and
// the call jumped into the other module's code. The tool accepted it, nvcc built it, and the first
// launch faulted on the GPU: "cuEventSynchronize failed: invalid program counter" while `render`
// ran (H200, 2026-11-30). Found in: rtweekend/ch12 (rogerallen/raytracinginoneweekendincuda,
// branch ch12_where_next_cuda, main.cu: `create_world` makes the spheres, `render` and its
// `color` call `hitable::hit` through `hitable**`).
// Reproduce: tiletune foreign_virtual_call.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

struct hitable {
  __device__ virtual bool hit(float t) const = 0;
};

struct sphere : hitable {
  float r;
  __device__ explicit sphere(float radius) : r(radius) {}
  __device__ bool hit(float t) const override { return t < r; }
};

__global__ void create_world(hitable** list, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    for (int i = 0; i < n; ++i) list[i] = new sphere(i);
}

__device__ bool color(hitable** list, int n, float t) {
  for (int i = 0; i < n; ++i)
    if (list[i]->hit(t)) return true;
  return false;
}

__global__ void render(int* out, hitable** list, int n, int pixels) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < pixels) out[p] = color(list, n, p * 0.01f);
}

void run(int* out, hitable** list, int n, int pixels) {
  create_world<<<1, 1>>>(list, n);
  TILETUNE(space = (bx = (64, 128, 256)), blocks = cld(pixels, $bx), threads = $bx,
           render(out, list, n, pixels));
}
