// Declarations only, as a library's header declares its launchers; their definitions, which hold
// the annotations, are in the file that includes this.
#pragma once
#include <cuda_runtime.h>

template <typename T>
void scale_all(T* x, int n, cudaStream_t s);

template <typename T>
struct Shifter {
  void run(T* x, int n, cudaStream_t s);
};
