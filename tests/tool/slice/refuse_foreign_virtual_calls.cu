// Virtual calls a tuned kernel cannot make: the objects of a class hierarchy are made by the
// program's own kernel (`create_world`, with device `new`), so their virtual tables are in the
// program's module, and the tuned `render` (NVRTC's module) calling through them faults the GPU
// ("invalid program counter", rogerallen/raytracinginoneweekendincuda's chapter 12 on an H200).
// nvcc builds it: the tool says it at build time, at the call, through a pointer (`render`) and
// through a reference inside a device function the kernel calls (`shade`). The accepted cases are
// in virtual_calls.cu.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

struct shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~shape() {}
};

struct square : shape {
  float side;
  __device__ explicit square(float s) : side(s) {}
  __device__ float area() const override { return side * side; }
};

__global__ void create_world(shape** world, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) world[i] = new square(i);
}

__global__ void render(float* out, shape** world, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = world[i]->area();
  // CHECK: refuse_foreign_virtual_calls.cu:[[@LINE-1]]:33: error: 'render' calls the virtual function 'shape::area' through a pointer or reference, on an object the tuned kernel does not make: an object's virtual table is in the module whose code made it, and the tuned kernel is compiled by NVRTC into a module of its own, where calling through another module's table faults the GPU; make the objects in the tuned kernel's own code, or call a non-virtual function (a switch on a type tag)
}

__device__ float shade(const shape& s) { return 2 * s.area(); }
// CHECK: refuse_foreign_virtual_calls.cu:[[@LINE-1]]:55: error: 'shade' calls the virtual function 'shape::area' through a pointer or reference

__global__ void lit_render(float* out, shape** world, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = shade(*world[i]);
}

void run(float* out, shape** world, int n) {
  create_world<<<(n + 127) / 128, 128>>>(world, n);
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, render(out, world, n));
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, lit_render(out, world, n));
}
