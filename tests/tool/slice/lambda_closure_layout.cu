// The struct the slice writes for a lambda's closure (slice/lambda_closures.h) reads the bytes of
// the host's closure object, which a launch passes as the kernel's argument: its members must lie
// where nvcc's host closure has the captures. Checked here without a GPU: the slices' structs are
// compiled into a host program (nvcc, the ABI NVRTC shares) that copies the bytes of the same lambda, as
// nvcc builds it, into the struct and compares every member with the captured value. The captures
// are of mixed sizes and alignments, implicit (in the order the body first uses them, not the
// order they are declared in) and explicit with an init-capture.
// RUN: %tiletune %s -o %t.cu -- -I%{tiletune_include} --extended-lambda
// RUN: echo 'struct Bias { float value; int every; };' > %t.structs.h
// RUN: sed -n '/^struct tt_closure/,/^};/p' %t.cu >> %t.structs.h
// RUN: %nvcc -std=c++17 --extended-lambda -arch=sm_90 -DLAYOUT -include %t.structs.h -x cu %s -o %t.layout
// RUN: %t.layout | FileCheck %s

#ifndef LAYOUT
#include <tiletune/tiletune.h>

struct Bias {
  float value;
  int every;
};

template <int B, class F>
__global__ void for_each_kernel(int n, F f) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) f(i);
}

void run(float* out, int n, char c1, double d2, int i3, short s4, Bias bias) {
  auto implicit = [=] __device__(int i) { out[i] = s4 + c1 + bias.value * i3 + float(d2); };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           for_each_kernel<$b>(n, implicit));
  auto explicit_ = [d2, c1, twice = 2 * i3, out] __device__(int i) { out[i] = c1 + d2 * twice; };
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b,
           for_each_kernel<$b>(n, explicit_));
}
#else
#include <cstdio>
#include <cstring>

template <class Struct, class Lambda>
Struct as_struct(const Lambda& lambda) {
  static_assert(sizeof(Struct) == sizeof(Lambda), "the struct is as large as the closure");
  Struct s;
  std::memcpy(static_cast<void*>(&s), static_cast<const void*>(&lambda), sizeof s);
  return s;
}

int main() {
  float* out = reinterpret_cast<float*>(0x1000);
  char c1 = 7;
  double d2 = 2.5;
  int i3 = -9;
  short s4 = 300;
  Bias bias{1.5f, 4};
  auto implicit = [=] __device__(int i) { out[i] = s4 + c1 + bias.value * i3 + float(d2); };
  tt_closure_29_19 a = as_struct<tt_closure_29_19>(implicit);
  bool const implicit_ok = a.out == out && a.s4 == s4 && a.c1 == c1 && a.bias.value == 1.5f &&
                           a.bias.every == 4 && a.i3 == i3 && a.d2 == d2;
  auto explicit_ = [d2, c1, twice = 2 * i3, out] __device__(int i) { out[i] = c1 + d2 * twice; };
  tt_closure_32_20 b = as_struct<tt_closure_32_20>(explicit_);
  bool const explicit_ok = b.d2 == d2 && b.c1 == c1 && b.twice == -18 && b.out == out;
  std::printf("implicit %s\nexplicit %s\n", implicit_ok ? "same" : "different",
              explicit_ok ? "same" : "different");
  return implicit_ok && explicit_ok ? 0 : 1;
}
#endif

// CHECK: implicit same
// CHECK: explicit same
