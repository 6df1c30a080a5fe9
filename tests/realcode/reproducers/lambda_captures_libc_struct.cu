// FIXED (lit slice/c_library_structs.cu). An extended `__device__` lambda that captures a
// `struct tm` (libc's, from <time.h>) by value and reads its fields, passed to a tuned kernel
// template: nvcc compiles it; NVRTC has no libc headers, and the tool refused each use at its
// column ("'tm::tm_hour' is declared in <memory>, which NVRTC cannot compile into the tuned kernel
// (used in 'operator()')"). The slice now writes a C library struct's definition from the host's
// declaration, member by member (`struct tm { int tm_sec; ... const char *tm_zone; };`), so that
// NVRTC lays it out as the host compiler does. Found in: moderngpu/tut_01_transform.
// Reproduce: tiletune lambda_captures_libc_struct.cu -o out.cu -- -I<tiletune>/include
//            -std=c++17 --extended-lambda

#include <tiletune/tiletune.h>

#include <time.h>

template <typename F>
__global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

void run(int n, int* out) {
  time_t now = time(nullptr);
  tm t = *localtime(&now);
  auto k = [=] __device__(int i) { out[i] = t.tm_hour + i; };
  TILETUNE(space = (threads = (64, 128)), blocks = (n + $threads - 1) / $threads,
           threads = $threads, each(n, k));
}
