// An output that names a file the run reads, or two outputs that name one file, is refused with
// exit 2 and nothing is written: the input, a hard link to it, a header the input includes (known
// after the parse), -o and --depfile spelled alike or differently.
// RUN: rm -rf %t && mkdir -p %t/dir && cp %s %t/input.cu && cp %s %t/pristine.cu
// RUN: ln %t/input.cu %t/hard.cu
// RUN: printf '#pragma once\n// the included header\n' > %t/kernels.cuh
// RUN: printf '#include "kernels.cuh"\n' > %t/includer.cu && cat %s >> %t/includer.cu

// RUN: %tiletune %t/input.cu -o %t/out.cu --depfile %t/input.cu > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=DEPINPUT < %t/out
// DEPINPUT: tiletune: error: the dependency file would overwrite the input '{{.*}}/input.cu'
// RUN: cmp %t/input.cu %t/pristine.cu && test ! -e %t/out.cu

// RUN: %tiletune %t/input.cu -o %t/hard.cu > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=HARD < %t/out
// HARD: tiletune: error: the output would overwrite the input '{{.*}}/input.cu'
// RUN: cmp %t/input.cu %t/pristine.cu

// RUN: %tiletune %t/includer.cu -o %t/out.cu --depfile %t/kernels.cuh > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=HEADER < %t/out
// HEADER: tiletune: error: the dependency file would overwrite '{{.*}}kernels.cuh', which the input includes
// RUN: FileCheck %s --check-prefix=HEADERTEXT < %t/kernels.cuh
// HEADERTEXT: // the included header
// RUN: test ! -e %t/out.cu

// RUN: %tiletune %t/input.cu -o %t/same.cu --depfile %t/same.cu > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SAME < %t/out
// SAME: tiletune: error: -o and --depfile name the same file '{{.*}}/same.cu': one would overwrite the other
// RUN: test ! -e %t/same.cu
// RUN: echo existing > %t/same.cu
// RUN: %tiletune %t/input.cu -o %t/same.cu --depfile %t/dir/../same.cu > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SPELLED < %t/out
// SPELLED: tiletune: error: -o and --depfile name the same file '{{.*}}/dir/../same.cu'
// RUN: FileCheck %s --check-prefix=EXISTING < %t/same.cu
// EXISTING: {{^}}existing{{$}}

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
