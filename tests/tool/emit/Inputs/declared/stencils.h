// Class templates whose members are declared here and defined, with their annotations, in the
// file that includes this (SHOC's CUDAStencil.h, its operator() in CUDAStencilKernel.cu).
#pragma once

template <typename T>
struct Stencil {
  T weight;
  virtual ~Stencil() {}
  virtual void operator()(T* x, int n) = 0;
};

template <typename T>
struct CudaStencil : public Stencil<T> {
  explicit CudaStencil(T w) { this->weight = w; }
  void operator()(T* x, int n) override;
};

template <typename T, int Width>
struct Strided;

template <typename T>
struct Strided<T, 2> {
  void run(T* x, int n);
};
