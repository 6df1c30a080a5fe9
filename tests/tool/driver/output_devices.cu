// A device node at an output's path is refused and left as it was; the null device (any node with
// /dev/null's device number) is written through and stays a device, as compilers treat -o
// /dev/null. The nodes are made here, in a temporary directory: /dev is never touched.
// REQUIRES: mknod
// RUN: rm -rf %t && mkdir -p %t && mknod %t/zero c 1 5 && mknod %t/null c 1 3

// RUN: %tiletune %s -o %t/zero > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=ZERO < %t/out
// ZERO: tiletune: error: the output '{{.*}}/zero' is a character device: tiletune writes the output only as a regular file it creates or replaces, or through /dev/null
// RUN: %tiletune %s -o %t/out.cu --depfile %t/zero > %t/out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=DEPZERO < %t/out
// DEPZERO: tiletune: error: the dependency file '{{.*}}/zero' is a character device
// RUN: stat -c '%%F %%t:%%T' %t/zero | FileCheck %s --check-prefix=STILLZERO
// STILLZERO: {{^}}character special file 1:5{{$}}

// Both outputs through the null device: exit 0, the node still a device.
// RUN: %tiletune %s -o %t/null --depfile %t/null
// RUN: stat -c '%%F %%t:%%T' %t/null | FileCheck %s --check-prefix=STILLNULL
// STILLNULL: {{^}}character special file 1:3{{$}}
// RUN: ls %t | FileCheck %s --check-prefix=NOTHING --implicit-check-not=tmp
// NOTHING: null

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
