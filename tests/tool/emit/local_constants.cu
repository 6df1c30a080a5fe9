// A kernel's template argument may name a constant local to the launching function, as nvcc
// accepts: NVRTC compiles the kernel apart from that function, so the name expression carries the
// constant's value (as that instantiation has it, in a template), never its name; one of the same
// name at namespace scope is not the one meant. The device check compiles every configuration and
// the output compiles.
// RUN: rm -rf %t.cache
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -std=c++17 -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int B, int PER>
__global__ void add_many(float* x) {
  x[blockIdx.x * B + threadIdx.x] += PER;
}

template <unsigned N, bool CHECKED>
__global__ void fill(float* x, int n) {
  int i = blockIdx.x * N + threadIdx.x;
  if (!CHECKED || i < n) x[i] = 1.f;
}

const int total = 1;  // not the one the sites below mean

void run(float* x, int n) {
  const int total = 4096;
  TILETUNE(space = (b = (128, 256)), blocks = n / total, threads = $b,
           add_many<$b, total / $b>(x));
}
// CHECK: info.name_expression = "add_many<$b, (4096) / $b>";

void written_alone(float* x, int n) {
  constexpr int per = 3;
  static const bool checked = true;
  constexpr unsigned width = 64;
  TILETUNE(space = (b = (1, 2)), blocks = cld(n, $b * width), threads = $b * width,
           fill<$b * width, checked>(x, n));
  TILETUNE(space = (b = (128, 256)), blocks = n / 4096, threads = $b, add_many<$b, per>(x));
}
// CHECK: info.name_expression = "fill<$b * static_cast<unsigned int>(64ull), true>";
// CHECK: info.name_expression = "add_many<$b, (3)>";

template <class T>
void per_type(float* x, int n) {
  const int per = sizeof(T);
  TILETUNE(space = (b = (128, 256)), blocks = n / 4096, threads = $b, add_many<$b, per * $b>(x));
}
template void per_type<float>(float*, int);
template void per_type<double>(float*, int);
// CHECK-DAG: info.name_expression = "add_many<$b, (4) * $b>";
// CHECK-DAG: info.name_expression = "add_many<$b, (8) * $b>";
