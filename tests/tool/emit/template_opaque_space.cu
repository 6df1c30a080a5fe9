// In a template, an opaque space keeps its per-key sites in a static of the template's body (one
// per instantiation) and builds each key's SiteInfo from the instantiation's specialisation,
// adding the space it evaluates at the launch; a Constant(...) argument drops its parameter from
// the instantiation's kernel pointer type, as in a plain function. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

template <int B, class T>
__global__ void scale(T* x, int n) {}

tiletune::Space blocks_for(int n);

template <class T>
void opaque(T* x, int n) {
  TILETUNE(space = blocks_for(n), key = (n), blocks = cld(n, $b), threads = $b, scale<$b>(x, n));
}
// CHECK: {{^ *}}static ::tiletune::SitesPerKey tiletune_site_[[#OPAQUE:]]_3;
// CHECK: {{^ *}}::tiletune::SiteInfo info = tiletune_site_[[#OPAQUE]]_3_for<T>::info();
// CHECK-NEXT: {{^#line}}
// CHECK-NEXT: {{^ *}}info.space = ::tiletune::Space(blocks_for(n));
// CHECK: {{^ *}}::tiletune::launch<typename tiletune_site_[[#OPAQUE]]_3_for<T>::kernel>(
// CHECK: {{^}}struct tiletune_site_[[#OPAQUE]]_3_for<double> {
// CHECK-NEXT: {{^ +}}using kernel = void (*)(double *, int);
// CHECK-NEXT: {{^ +}}static ::tiletune::SiteInfo info() {
// CHECK-NOT: info.space
// CHECK: {{^ +}}info.name_expression = "scale<$@max_threads, $@min_blocks, $b, double>";
// CHECK-NOT: info.space
// CHECK: {{^ +}}return info;

template <class T>
void constant(T* x, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<$b>(x, Constant(n)));
}
// CHECK: {{^ *}}::tiletune::without_parameters_t<typename tiletune_site_[[#CONSTANT:]]_3_for<T>::kernel, 1>>(

// CHECK: {{^}}struct tiletune_site_[[#CONSTANT]]_3_for<float> {
// CHECK: {{^ +}}info.name_expression = "tt_entry_scale<$@max_threads, $@min_blocks, $#0, $b, float>";
void run(double* d, float* x, int n) {
  opaque(d, n);
  constant(x, n);
}
