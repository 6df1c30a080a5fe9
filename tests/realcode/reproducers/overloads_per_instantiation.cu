// NOT FIXED (a known limit; lit check/overloaded_kernels_per_instantiation.cu). Two kernel
// templates of one name, overloaded on float* and half* (RussWong/CUDATutorial's gemv), launched
// from a static member template of a class template (DispatchLauncher<...>::launcher<T>) that is
// instantiated for both: nvcc resolves each instantiation's call to its overload; the tool tunes one
// kernel per site and refuses at the call's column: "'gemv' names 2 kernels, and the template's
// instantiations launch different ones; a site tunes one kernel: give the overloads different
// names, or make them one kernel template", with a note at each. Lifting it needs a kernel per
// instantiation through check, slice and emit, and NVRTC name expressions that pick an overload.
// Found in: russwong/gemv (15_gemv.cuh).
// Reproduce: tiletune overloads_per_instantiation.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <cuda_fp16.h>

template <int VECS>
__global__ void gemv(float* mat, float* vec, float* res, int cols) {
  float sum = 0;
  for (int i = 0; i < VECS; ++i) sum += mat[blockIdx.x * cols + i * blockDim.x + threadIdx.x];
  if (threadIdx.x == 0) res[blockIdx.x] = sum * vec[0];
}

template <int VECS>
__global__ void gemv(half* mat, half* vec, half* res, int cols) {
  half sum = 0;
  for (int i = 0; i < VECS; ++i)
    sum = __hadd(sum, mat[blockIdx.x * cols + i * blockDim.x + threadIdx.x]);
  if (threadIdx.x == 0) res[blockIdx.x] = __hmul(sum, vec[0]);
}

template <int VECS, int THREADS>
struct DispatchLauncher {
  template <typename T>
  static void launcher(T* mat, T* vec, T* res, int rows, int cols) {
    TILETUNE(space = (t = (64, 128, 256)), blocks = rows, threads = $t,
             gemv<VECS * THREADS / $t>(mat, vec, res, cols));
  }
};

template void DispatchLauncher<2, 256>::launcher<float>(float*, float*, float*, int, int);
template void DispatchLauncher<1, 256>::launcher<half>(half*, half*, half*, int, int);
