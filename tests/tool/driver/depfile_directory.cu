// A dependency file in a directory that does not exist is a usage error found before anything is
// written: the output is not written either.
// RUN: rm -f %t.cu
// RUN: %tiletune %s -o %t.cu --depfile %t.missing/deps.d > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s < %t.out
// CHECK: tiletune: error: the --depfile directory '{{.*}}.missing' does not exist
// RUN: test ! -e %t.cu

// In a directory that exists, both are written.
// RUN: %tiletune %s -o %t.cu --depfile %t.d
// RUN: FileCheck %s --check-prefix=DEPS < %t.d
// DEPS: depfile_directory.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
