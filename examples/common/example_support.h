// Shared by the examples: CUDA error checks, device buffers, and the closing table and verdict.
#pragma once

#include <tiletune/tiletune.h>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define EXAMPLE_CHECK(call)                                              \
  do {                                                                   \
    cudaError_t err_ = (call);                                           \
    if (err_ != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorString(err_));                            \
      std::exit(1);                                                      \
    }                                                                    \
  } while (0)

namespace example {

// True when a GPU can run the example; otherwise says so and the example ends successfully.
inline bool have_gpu(const char* name) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("%s: built; no CUDA GPU on this machine, so it stops here (run it on a GPU).\n",
                name);
    return false;
  }
  return true;
}

template <class T>
T* to_device(const std::vector<T>& host) {
  T* p = nullptr;
  EXAMPLE_CHECK(cudaMalloc(&p, host.size() * sizeof(T)));
  EXAMPLE_CHECK(cudaMemcpy(p, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return p;
}

template <class T>
std::vector<T> to_host(const T* p, std::size_t n) {
  std::vector<T> host(n);
  EXAMPLE_CHECK(cudaDeviceSynchronize());
  EXAMPLE_CHECK(cudaMemcpy(host.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// Prints every tuning table TILETUNE_LOG=1 has not printed already, and the verdict; returns the
// process's exit status.
inline int finish(const char* name, bool ok, const char* what) {
  for (const tiletune::TuningResult& r : tiletune::tuning_results())
    if (!r.logged) std::printf("%s", r.table().c_str());
  std::printf("%s: %s (%s)\n", name, ok ? "OK" : "FAILED", what);
  return ok ? 0 : 1;
}

}  // namespace example
