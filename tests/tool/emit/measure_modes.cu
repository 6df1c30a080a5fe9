// measure = eager | graph | cold becomes the TuningOptions' measure, in the lambda the runtime
// calls only when it tunes; the output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = 2 * x[i];
}

void graph(float* x, int n, cudaStream_t s) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, stream = s,
           measure = graph, scale<$tile>(x, n));
  // CHECK: {{^ *}}[&]() -> ::tiletune::TuningOptions {
  // CHECK-NEXT: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.measure = ::tiletune::Measure::graph;
  // CHECK-NEXT: return tt_options;
}

void cold(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           measure =  cold , scale<$tile>(x, n));
  // CHECK: {{^ *}}[&]() -> ::tiletune::TuningOptions {
  // CHECK-NEXT: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.measure = ::tiletune::Measure::cold;
  // CHECK-NEXT: return tt_options;
}

void cold_and_flush(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           flush_l2 = true, measure = cold, scale<$tile>(x, n));
  // CHECK: {{^ *}}[&]() -> ::tiletune::TuningOptions {
  // CHECK-NEXT: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.flush_l2 = true;
  // CHECK-NEXT: tt_options.measure = ::tiletune::Measure::cold;
  // CHECK-NEXT: return tt_options;
}

void eager(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           measure = eager, scale<$tile>(x, n));
  // CHECK: {{^ *}}[&]() -> ::tiletune::TuningOptions {
  // CHECK-NEXT: ::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.measure = ::tiletune::Measure::eager;
  // CHECK-NEXT: return tt_options;
}
