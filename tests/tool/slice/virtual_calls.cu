// Virtual functions a tuned kernel may call (refuse_foreign_virtual_calls.cu has what is refused):
// on an object of its own by value (the call needs no virtual table: its type is known), on a
// temporary, qualified (`shape::scaled`, never dispatched), a `final` function, and through a
// pointer where the tuned code itself makes objects of the class (with `new`): the objects may be
// its own, whose virtual table is in its own module. NVRTC compiles every instantiation (the
// device check is on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

struct shape {
  __device__ virtual float area() const { return 0; }
  __device__ virtual float scaled(float k) const { return k * area(); }
  __device__ virtual ~shape() {}
};

struct square final : shape {
  float side;
  __device__ explicit square(float s) : side(s) {}
  __device__ float area() const override { return side * side; }
};

struct disc : shape {
  float r;
  __device__ explicit disc(float radius) : r(radius) {}
  __device__ float area() const final { return 3.14159f * r * r; }
};

__global__ void own_objects(float* out, const disc* discs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  square s(i);
  out[i] = s.area() + square(2).area() + discs[i].area() + discs[i].shape::scaled(2);
}

__global__ void made_here(float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  shape* s = new square(i);
  out[i] = s->area();
  delete s;
}

void run(float* out, const disc* discs, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, own_objects(out, discs, n));
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t, made_here(out, n));
}
// CHECK: own_objects
// CHECK: made_here
