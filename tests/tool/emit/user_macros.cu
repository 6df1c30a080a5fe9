// A program that defines object-like macros before it includes tiletune, as PolyBench's do
// (`#define N 4096`, `#define DIM_THREAD_BLOCK_X 32`, every capital letter here): the public headers
// name their template parameters, parameters and locals with reserved names (`_TtN`, `__tt_value`)
// and include no header that would not survive them (the driver's <cuda.h> names parameters `N`),
// so the rewritten file compiles with nvcc in C++11 and C++17. With LOWERCASE, the lowercase letters
// the C++ standard library itself survives are defined too, and the headers alone compile.
// RUN: %tiletune %s -o %t.cu -- -I%{tiletune_include}
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: %nvcc -std=c++11 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -DLOWERCASE -x cu -c %s -o %t.lower.o
// RUN: %nvcc -std=c++11 -arch=sm_90 -I%{tiletune_include} -DLOWERCASE -x cu -c %s -o %t.lower.o

#define A 1
#define B 2
#define C 3
#define D 4
#define E 5
#define F 6
#define G 7
#define H 8
#define I 9
#define J 10
#define K 11
#define L 12
#define M 4096
#define N 4096
#define O 15
#define P 16
#define Q 17
#define R 18
#define S 19
#define T 20
#define U 21
#define V 22
#define W 23
#define X 24
#define Y 25
#define Z 26
#define NI 512
#define NJ 512
#define NK 512
#define DIM 2
#define SIZE 1024
#define BLOCK 256
#define TILE 16
#define WIDTH 1024
#define HEIGHT 1024
#define ALPHA 32412.0f
#define BETA 2123.0f
#define DATA_TYPE float
#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8
#define GPU_DEVICE 0
#define PERCENT_DIFF_ERROR_THRESHOLD 0.05

#ifdef LOWERCASE
#define c 3
#define d 4
#define e 5
#define f 6
#define g 7
#define h 8
#define i 9
#define j 10
#define k 11
#define l 12
#define m 13
#define n 14
#define o 15
#define p 16
#define q 17
#define r 18
#define t 20
#define u 21
#define v 22
#define w 23
#endif

#include <tiletune/tiletune.h>

#ifndef LOWERCASE
__global__ void gemm_kernel(DATA_TYPE* a, DATA_TYPE* b, DATA_TYPE* cc) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < NI && j < NJ) {
    DATA_TYPE sum = cc[i * NJ + j] * BETA;
    for (int kk = 0; kk < NK; ++kk) sum += ALPHA * a[i * NK + kk] * b[kk * NJ + j];
    cc[i * NJ + j] = sum;
  }
}

void gemm_cuda(DATA_TYPE* a, DATA_TYPE* b, DATA_TYPE* cc) {
  TILETUNE(space = (bx = (DIM_THREAD_BLOCK_X, 64), by = (DIM_THREAD_BLOCK_Y, 4)),
           blocks = (cld(NJ, $bx), cld(NI, $by)), threads = ($bx, $by), gemm_kernel(a, b, cc));
}
#endif
