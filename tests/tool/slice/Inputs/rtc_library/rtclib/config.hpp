// A header library written for nvcc and NVRTC alike, as CUTLASS and CuTe are: it tests
// __CUDACC_RTC__ to leave out what NVRTC cannot compile, and defines its own annotations macro.
#pragma once
#if defined(__CUDACC_RTC__)
#include <cuda/std/cstdint>
#include <cuda/std/type_traits>
namespace rtclib { namespace stdlib = cuda::std; }
#else
#include <cstdint>
#include <cstdio>
#include <type_traits>
namespace rtclib { namespace stdlib = std; }
#endif
#define RTCLIB_HOST_DEVICE __forceinline__ __host__ __device__
