// The application's copy of a __constant__ or __device__ variable, for a site's DeviceSymbol
// (site_info.h): compiled with the application's CUDA runtime, so it names the copy that
// cudaMemcpyToSymbol writes, in the calling thread's current device.
#pragma once

#include <tiletune/error.h>
#include <tiletune/site_info.h>

#include <cuda_runtime_api.h>

#include <string>

namespace tiletune {

template <class T>
SymbolMemory symbol_memory(const T& symbol, const char* name) {
  SymbolMemory memory;
  const void* const at = static_cast<const void*>(&symbol);
  cudaError_t e = cudaGetSymbolAddress(&memory.address, at);
  if (e == cudaSuccess) e = cudaGetSymbolSize(&memory.bytes, at);
  if (e != cudaSuccess)
    throw Error(std::string("tiletune: the application's copy of '") + name +
                "' cannot be found: " + cudaGetErrorString(e));
  return memory;
}

}  // namespace tiletune
