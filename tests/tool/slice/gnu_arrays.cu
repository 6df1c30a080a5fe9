// Arrays of the tuned code. Dynamic shared memory (`extern __shared__ float dyn[];`) next to
// static shared and register arrays whose sizes the configuration sets is plain CUDA: NVRTC
// compiles every instantiation (the device check is on), nvcc the rewritten file. A flexible array
// member (`float data[];`) and an array written with size zero (`float pad[0];`) are GNU
// extensions nvcc takes and NVRTC refuses: each is an error at its declaration that says what to
// write instead, ahead of NVRTC's own. One in a host-only member the slice leaves out is none.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// RUN: not %{tiletune_checked} %s -o %t.gnu.cu -- -I%{tiletune_include} -DGNU 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GNU --implicit-check-not=error:
// RUN: not %tiletune %s -o %t.gnu.cu -- -I%{tiletune_include} -DGNU 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNCHECKED --implicit-check-not=error:

#include <tiletune/tiletune.h>

template <int BM, int BK, int THREADS>
__global__ void tile_copy(const float* a, float* c) {
  __shared__ float tile[BM * BK];
  extern __shared__ float dyn[];
  float regs[BM * BK / THREADS];
  for (int i = 0; i < BM * BK / THREADS; ++i) regs[i] = a[i * THREADS + threadIdx.x];
  for (int i = 0; i < BM * BK / THREADS; ++i) tile[i * THREADS + threadIdx.x] = regs[i];
  __syncthreads();
  dyn[threadIdx.x] = tile[threadIdx.x];
  c[blockIdx.x * THREADS + threadIdx.x] = dyn[threadIdx.x];
}

void run(const float* a, float* c, int n) {
  TILETUNE(space = (bm = (32, 64), bk = (8, 16), t = (64, 128)), blocks = cld(n, $t),
           threads = $t, shmem = $t * 4, tile_copy<$bm, $bk, $t>(a, c));
}

#ifdef GNU
struct Packet {
  int count;
  float data[];
};

struct Header {
  int count;
  float pad[0];
  __host__ int host_only() const {
    char scratch[0];
    return count + int(sizeof(scratch));
  }
};

template <int B>
__global__ void unpack(const Packet* p, const Header* h, float* out) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < p->count) out[i] = p->data[i] + h->count;
}

void run_packets(const Packet* p, const Header* h, float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, unpack<$b>(p, h, out));
}
#endif

// GNU-DAG:       gnu_arrays.cu:36:9: error: 'Packet::data' is a flexible array member, a GNU extension nvcc accepts and NVRTC (compiling the tuned kernel) refuses; reach the data through a pointer, or give the array a size
// GNU-DAG:       gnu_arrays.cu:41:9: error: 'Header::pad' is an array of size zero, a GNU extension nvcc accepts and NVRTC (compiling the tuned kernel) refuses; give it a size of at least 1, or leave it out
// GNU-DAG:       gnu_arrays.cu:36:9: error: NVRTC: incomplete type "float []" is not allowed
// GNU-DAG:       gnu_arrays.cu:41:13: error: NVRTC: the size of an array must be greater than zero
// UNCHECKED-DAG: gnu_arrays.cu:36:9: error: 'Packet::data' is a flexible array member
// UNCHECKED-DAG: gnu_arrays.cu:41:9: error: 'Header::pad' is an array of size zero
