// For member_defined_outside_header_class.cu: a class template whose member is defined, with its
// annotation, in the file that includes this.
#pragma once

template <typename T>
struct CudaStencil {
  T weight;
  explicit CudaStencil(T w) : weight(w) {}
  void operator()(T* x, int n);
};
