// FIXED (lit slice/conditional_specifiers.cu). A declaration whose CUDA specifier is written under
// a conditional of its own, so that one file builds a serial and a CUDA program: the declaration
// begins at `__constant__`, inside the group, and the slice copied its text from there, the
// #endif included without its #ifndef: the tool's device check refused every configuration
// ("NVRTC: the #if for this directive is missing"). The slice now blanks the directive lines (and
// the skipped branches) of a group it holds only part of. Found in: etudes/mandelbrot, anneal,
// anneal_shared, floyd_warshall (mmarzolla/parallel-etudes cuda-mandelbrot.cu `colors`, `NCOLORS`;
// cuda-anneal.cu and cuda-floyd-warshall.cu `IDX`, under `#ifndef SERIAL` / `__device__ __host__`).
// Reproduce: tiletune conditional_specifier.cu -o out.cu -- -I<tiletune>/include -arch=sm_90

#include <tiletune/tiletune.h>

#ifndef SERIAL
__constant__
#endif
int NCOLORS = 16;

#ifndef SERIAL
__device__ __host__
#endif
int IDX(int i, int j, int width) { return i * width + j; }

__global__ void shade(int* out, int width, int height) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y;
  if (j < width && i < height) out[IDX(i, j, width)] = (i + j) % NCOLORS;
}

int main() {
  int* out = nullptr;
  int width = 1024, height = 768;
  TILETUNE(space = (t = (64, 128, 256)), blocks = (cld(width, $t), height), threads = $t,
           shade(out, width, height));
  return 0;
}
