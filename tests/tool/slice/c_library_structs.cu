// The C library's structs in a tuned kernel (glibc's, through <time.h> and <stdlib.h>): a lambda
// capturing a `struct tm` by value and reading its members, a kernel taking a `timespec`, an
// `itimerspec` (two timespecs by value) and a `div_t` (a typedef of an unnamed struct), and a
// typedef of its own naming one. NVRTC has no libc headers: the slice writes each struct's
// definition from the host's declaration, member by member, those it holds first, so that NVRTC
// lays it out as the host compiler does. NVRTC compiles every instantiation (the device check is
// on) and nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include} --extended-lambda
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --extended-lambda -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <stdlib.h>
#include <time.h>

typedef struct timespec stamp;

template <typename F>
__global__ void each(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) f(i);
}

__global__ void since(long* out, int n, timespec start, itimerspec timer, div_t split, stamp s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = start.tv_sec + timer.it_interval.tv_nsec + timer.it_value.tv_sec + split.quot +
             split.rem + s.tv_nsec;
}

void run(int n, int* out, long* seconds) {
  time_t now = time(nullptr);
  tm t = *localtime(&now);
  auto k = [=] __device__(int i) { out[i] = t.tm_hour + t.tm_yday + i; };
  TILETUNE(space = (threads = (64, 128)), blocks = (n + $threads - 1) / $threads,
           threads = $threads, each(n, k));
  timespec start{};
  itimerspec timer{};
  stamp s{};
  TILETUNE(space = (threads = (64, 128)), blocks = (n + $threads - 1) / $threads,
           threads = $threads, since(seconds, n, start, timer, div(n, 3), s));
}

// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK: struct tm { int tm_sec; int tm_min; int tm_hour; {{.*}}; const char *tm_zone; };
// CHECK: struct tt_closure_
// CHECK: R"tiletune(// Device source sliced by tiletune.
// CHECK-DAG: struct timespec { long tv_sec; long tv_nsec; };
// CHECK-DAG: struct itimerspec { timespec it_interval; timespec it_value; };
// CHECK-DAG: typedef struct { int quot; int rem; } div_t;
// CHECK-DAG: typedef timespec stamp;
// CHECK: __global__ void since(
