// tiletune-nvcc rewrites a .cu input after nvcc's flags that take no value (-G, -lineinfo) and
// hands nvcc the rewritten file; -ccbin reaches the tool (gcc's omp.h is found through it).
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '#!/bin/sh\nfor a in "$@"; do echo "arg: $a"; done\n' > %t/fake-nvcc && chmod +x %t/fake-nvcc
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE=%{tiletune_checked} $(dirname %{tiletune_checked})/tiletune-nvcc -ccbin c++ -G %s -c -o %t/out.o > %t/g.txt
// RUN: FileCheck %s < %t/g.txt --check-prefix=G
// G: arg: -G
// G-NEXT: arg: {{.*}}tiletune-nvcc.{{[^/]+}}/{{[0-9]+}}/tiletune_nvcc_flags.cu
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE=%{tiletune_checked} $(dirname %{tiletune_checked})/tiletune-nvcc --compiler-bindir=c++ -lineinfo %s -c -o %t/out.o > %t/lineinfo.txt
// RUN: FileCheck %s < %t/lineinfo.txt --check-prefix=LINEINFO
// LINEINFO: arg: -lineinfo
// LINEINFO-NEXT: arg: {{.*}}tiletune-nvcc.{{[^/]+}}/{{[0-9]+}}/tiletune_nvcc_flags.cu
// A host compiler that fails is the tool's too: gcc's omp.h is not found.
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE=%{tiletune_checked} not $(dirname %{tiletune_checked})/tiletune-nvcc -ccbin false %s -c -o %t/out.o 2>&1 | FileCheck %s --check-prefix=NO-HOST
// NO-HOST: fatal error: 'omp.h' file not found

#include <tiletune/tiletune.h>

#include <omp.h>

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
