// Each instantiation of a site in a template is tuned and stored apart: two instantiations that
// launch the same kernel (`SPLIT` changes only the grid) still have ids of their own, and an id
// does not follow the site's line (the same template one line lower has the same ids).
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: sed 's|^// MOVED$|\n|' %s > %t.moved.cu
// RUN: %tiletune %t.moved.cu -o %t.moved.out.cu -- -I%{tiletune_include}
// RUN: grep 'info.id' %t.cu > %t.ids
// RUN: grep 'info.id' %t.moved.out.cu | diff - %t.ids

#include <tiletune/tiletune.h>

template <int B>
__global__ void fill(float* x, int n) {}

// MOVED
template <int SPLIT>
void launch(float* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b * SPLIT), threads = $b, fill<$b>(x, n));
}
// CHECK: {{^}}struct tiletune_site_{{[0-9]+}}_3_for<1> {
// CHECK: {{^ +}}info.id = "[[ONE:[0-9a-f]+]]";
// CHECK: {{^ +}}info.name_expression = "fill<$@max_threads, $@min_blocks, $b>";
// CHECK: {{^}}struct tiletune_site_{{[0-9]+}}_3_for<2> {
// CHECK-NOT: {{^ +}}info.id = "[[ONE]]";
// CHECK: {{^ +}}info.name_expression = "fill<$@max_threads, $@min_blocks, $b>";

void run(float* x, int n) {
  launch<1>(x, n);
  launch<2>(x, n);
}
