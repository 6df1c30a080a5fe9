// The application's copy of a __constant__ or __device__ variable, for a site's DeviceSymbol
// (site_info.h): compiled with the application's CUDA runtime, so it names the copy that
// cudaMemcpyToSymbol writes, in the calling thread's current device.
#pragma once

#include <tiletune/error.h>
#include <tiletune/site_info.h>

#include <cuda_runtime_api.h>

#include <string>

namespace tiletune {

template <class _TtT>
SymbolMemory symbol_memory(const _TtT& __tt_symbol, const char* __tt_name) {
  SymbolMemory __tt_memory;
  const void* const __tt_at = static_cast<const void*>(&__tt_symbol);
  cudaError_t __tt_e = cudaGetSymbolAddress(&__tt_memory.address, __tt_at);
  if (__tt_e == cudaSuccess) __tt_e = cudaGetSymbolSize(&__tt_memory.bytes, __tt_at);
  if (__tt_e != cudaSuccess)
    throw Error(std::string("tiletune: the application's copy of '") + __tt_name +
                "' cannot be found: " + cudaGetErrorString(__tt_e));
  return __tt_memory;
}

}  // namespace tiletune
