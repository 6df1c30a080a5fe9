// search, budget and seed become fields of the tuning options the runtime asks for when it tunes;
// the output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void sampled(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           search = sample, budget = 500ms, seed = 42, scale<$tile>(x, n));
  // CHECK: {{^ +}}::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.search.strategy = ::tiletune::SearchStrategy::sample;
  // CHECK-NEXT: tt_options.search.budget_s = 0.5;
  // CHECK-NEXT: tt_options.search.seed = 42ull;
  // CHECK-NEXT: return tt_options;
}
void exhaustive(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           search = exhaustive, budget = 2min, scale<$tile>(x, n));
  // CHECK: {{^ +}}::tiletune::TuningOptions tt_options;
  // CHECK-NEXT: tt_options.search.strategy = ::tiletune::SearchStrategy::exhaustive;
  // CHECK-NEXT: tt_options.search.budget_s = 120;
  // CHECK-NEXT: return tt_options;
}
