// nvcc's messages about the generated code point at the user's file, at the line of the annotation
// that holds the offending text: for each line of the generated call, and for the opaque space the
// site is built from. (An undefined name in the kernel call itself, or in `key`, is the tool's
// error, since Clang resolves them at the annotation: check/call_errors.cu, check/key_unknown_name.cu.)
// RUN: %tiletune %s -o %t.cu
// RUN: not %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o > %t.log 2>&1
// RUN: FileCheck %s --input-file=%t.log

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* x, int n) {}

void literal(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)),
           blocks = cld(n, $tile) + undefined_blocks,
           // CHECK-DAG: line_directives.cu([[@LINE-1]]): error: identifier "undefined_blocks" is undefined
           threads = $tile,
           shmem = $tile * undefined_bytes,
           // CHECK-DAG: line_directives.cu([[@LINE-1]]): error: identifier "undefined_bytes" is undefined
           fill<$tile>(x, n));
}

tiletune::Space make_space(int n);

void opaque(float* x, int n) {
  TILETUNE(space = make_space(undefined_size),
           // CHECK-DAG: line_directives.cu([[@LINE-1]]): error: identifier "undefined_size" is undefined
           blocks = n, threads = $tile,
           fill<$tile>(x, n));
}
