// Through tiletune-nvcc, nvcc's messages about a rewritten file name the original, never the
// temporary copy, and the status is nvcc's; host code Clang rejects is said once, as a count
// (nvcc reports it), and TILETUNE_VERBOSE=1 passes the tool --verbose, which lists each place.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '#!/bin/sh\nfor a in "$@"; do case "$a" in *.cu) f="$a";; esac; done\necho "$f(25): error: identifier \\"undeclared_in_host\\" is undefined" >&2\necho "1 error detected in the compilation of \\"$f\\"." >&2\nexit 2\n' > %t/fake-nvcc && chmod +x %t/fake-nvcc
// RUN: env TILETUNE_NVCC=%t/fake-nvcc TILETUNE_DEVICE_CHECK=0 TILETUNE=%{tiletune_checked} not $(dirname %{tiletune_checked})/tiletune-nvcc %s -c -o %t/out.o 2> %t/err.txt
// RUN: FileCheck %s --implicit-check-not=tiletune-nvcc. < %t/err.txt
// CHECK: tiletune_nvcc_messages.cu:[[#@LINE+7]]:26: warning: Clang rejects host code at 1 place
// CHECK: {{.*}}tiletune_nvcc_messages.cu(25): error: identifier "undeclared_in_host" is undefined
// CHECK: 1 error detected in the compilation of "{{.*}}tiletune_nvcc_messages.cu".
// RUN: env TILETUNE_VERBOSE=1 TILETUNE_NVCC=%t/fake-nvcc TILETUNE_DEVICE_CHECK=0 TILETUNE=%{tiletune_checked} not $(dirname %{tiletune_checked})/tiletune-nvcc %s -c -o %t/out.o 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: tiletune_nvcc_messages.cu:[[#@LINE+3]]:26: warning: use of undeclared identifier 'undeclared_in_host' (Clang's view;

#include <tiletune/tiletune.h>
int host_only() { return undeclared_in_host; }

template <int TILE>
__global__ void vadd(float* c, int n) {}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
