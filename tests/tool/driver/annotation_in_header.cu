// An annotation inside an included header is an error naming the header's line and column, not
// skipped with exit 0 (nvcc would fail on it later, or the program run untuned), and nothing is
// written.
// RUN: rm -f %t.cu
// RUN: not %tiletune %s -o %t.cu 2>&1 | FileCheck %s
// RUN: test ! -e %t.cu

#include <tiletune/tiletune.h>

#include "Inputs/annotated_launcher.cuh"

// CHECK: annotated_launcher.cuh:11:3: error: TILETUNE(...) in an included header is not rewritten: the tool rewrites only the file it is given ({{.*}}annotation_in_header.cu); move the annotation into that file

void run(float* c, int n) { scale_from_header(c, n); }
