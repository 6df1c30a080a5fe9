// A kernel only declared in this file (defined in another .cu) cannot be tuned from here: NVRTC
// compiles the kernel from this file's slice. The error says so at the kernel's name.
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

__global__ void scale(float* x, int n);
// CHECK-DAG: kernel_not_defined.cu:[[@LINE-1]]:17: note: declared here without a definition

void run(float* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale(x, n));
  // CHECK-DAG: kernel_not_defined.cu:[[@LINE-1]]:72: error: 'scale' is only declared in this file: tiletune compiles the tuned kernel with NVRTC from the file that holds the annotation, so that file must define it; move the annotated launch into the kernel's file, or the kernel into this one
}
