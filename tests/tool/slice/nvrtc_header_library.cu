// A header library under an -I directory that tests __CUDACC_RTC__ (written for NVRTC as well as
// nvcc, as CUTLASS and CuTe are) is #included by the slice as the user included it, for NVRTC to
// pick its own branches, instead of copied apart from them: Clang reads it as a system header. Its
// unannotated constexpr helpers need -default-device, which the site's NVRTC options get. The
// device check compiles it; the output compiles with nvcc.
// RUN: rm -rf %t.dump && mkdir %t.dump
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache --dump-device-sources %t.dump -- -I%S/Inputs/rtc_library -std=c++17 --expt-relaxed-constexpr
// RUN: cat %t.dump/*.json | FileCheck %s --check-prefix=SLICE
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 --expt-relaxed-constexpr -I%{tiletune_include} -I%S/Inputs/rtc_library -c %t.cu -o %t.o
// SLICE: "-default-device"
// SLICE: Device source sliced by tiletune.\n#include <rtclib/ops.hpp>\n#line
// SLICE-NOT: twice(T x)
// OUT: "-default-device"

#include <tiletune/tiletune.h>
#include <rtclib/ops.hpp>

template <int T>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * T + threadIdx.x;
  if (i < n) x[i] = rtclib::Scaler<float, 3>::apply(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(float)), scale<$t>(x, n));
}
