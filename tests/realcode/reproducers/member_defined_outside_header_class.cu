// FIXED (lit emit/member_instantiated_by_use.cu). A class template defined in a header (here
// lib/stencil_class.h), its member function defined with the annotation in the .cu, and the class
// instantiated by its use in the .cu (no explicit instantiation): the tool accepted the file but
// wrote no per-instantiation specialisation of the site, so nvcc refused the output ("incomplete
// type \"<unnamed>::tiletune_site_..._for<float>\" is not allowed"). The tool walked the
// instantiations of only the declarations in the annotated file; Clang keeps the class's
// instantiations, with the members it instantiated, under the header's declaration. The finder
// now walks each instantiation of an out-of-line member from its definition. Found in:
// shoc/stencil2d (SHOC's CUDAStencil<T>::operator() in CUDAStencilKernel.cu, the class in
// CUDAStencil.h, instantiated by EnsureStencilInstantiation).
// Reproduce: tiletune member_defined_outside_header_class.cu -o out.cu -- -I<tiletune>/include
//            -Ilib, then nvcc -std=c++17 -I<tiletune>/include -Ilib -c out.cu

#include <tiletune/tiletune.h>

#include "stencil_class.h"

template <typename T>
__global__ void add(T* x, int n, T w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += w;
}

template <typename T>
void CudaStencil<T>::operator()(T* x, int n) {
  TILETUNE(space = (t = (64, 128, 256)), blocks = cld(n, $t), threads = $t,
           restore = (x, n * sizeof(T)), add(x, n, this->weight));
}

void use(float* x, int n) {
  CudaStencil<float> s(1.0f);
  s(x, n);
}
