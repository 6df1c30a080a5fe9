// search / budget / seed mistakes are errors at their columns; nothing is written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {}

void strategy(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, search = samples, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:90: error: unknown search strategy 'samples'; did you mean 'sample'? (strategies: auto, exhaustive, sample)
}
void unitless(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, budget = 5, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:90: error: 'budget' is a time with its unit, such as 5s, 500ms or 2min; not '5'
}
void no_time(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, budget = 0ms, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:90: error: 'budget' must be more than no time at all
}
void seed_variable(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, seed = n, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:88: error: 'seed' is a whole number literal such as 42, not 'n'
}
void seed_without_sample(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, search = exhaustive, seed = 3, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:102: error: 'seed' chooses the sample, and search = exhaustive draws none: remove one of them
}
void twice(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, search = sample, search = exhaustive, scale<$tile>(x, n));
  // CHECK: search_options.cu:[[@LINE-1]]:98: error: keyword 'search' is given more than once
}
