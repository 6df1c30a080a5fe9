// A kernel's types in a file that includes <string> and <iostream>, with host-only members as
// CUTE_HOST-style code writes them: a `__host__` name(), operator== with a std::string, a static
// factory, a constructor from a std::string, hidden friends operator<< on std::ostream, a member
// defined out of line, a print() in a class template. NVRTC has neither header, and the kernel
// calls none of them: the slice leaves them out (their lines stay, blank), and what they name is
// not followed (NVRTC refuses any host function, declared or defined). The defaulted copy
// constructor stays, as would a virtual member (what is trivial about the class, its layout). Uses under
// `#ifndef __CUDA_ARCH__` (a print in a __host__ __device__ function) bring nothing: NVRTC skips
// them. NVRTC compiles every instantiation (the device check is on), nvcc the rewritten file.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <iostream>
#include <string>

#define HOST __host__
#define HOST_DEVICE __host__ __device__

struct Shape {
  int m, n;
  Shape() = default;
  HOST_DEVICE Shape(int m_, int n_) : m(m_), n(n_) {}
  HOST explicit Shape(const std::string& text) : m(int(text.size())), n(1) {}
  Shape(const Shape&) = default;
  HOST_DEVICE int size() const { return m * n; }
  template <class T>
  HOST_DEVICE T scaled(T s) const {
    return s * T(size());
  }
  HOST std::string name() const {
    return "shape " + std::to_string(m) + "x" + std::to_string(n);
  }
  HOST bool operator==(const std::string& s) const { return name() == s; }
  HOST static Shape parse(const std::string& s) { return Shape(s); }
  HOST void describe(std::ostream& os) const;
  friend HOST std::ostream& operator<<(std::ostream& os, const Shape& s) { return os << s.name(); }
};

HOST void Shape::describe(std::ostream& os) const { os << name() << '\n'; }

HOST std::ostream& operator<<(std::ostream& os, const Shape* s) { return os << *s; }

template <class T>
struct Wrap {
  T v;
  HOST_DEVICE T get() const { return v; }
  HOST void print() const { std::cout << v << std::endl; }
  friend HOST std::ostream& operator<<(std::ostream& os, const Wrap& w) { return os << w.v; }
};

template <class T>
HOST_DEVICE void show(const T& t) {
#ifndef __CUDA_ARCH__
  std::cout << t << "\n";
#endif
}

template <int B>
__global__ void k(float* x, Shape s, Wrap<float> w) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < s.size()) x[i] = w.get();
  if (i == 0) show(s);
}

void run(float* x, Shape s) {
  std::string label = "shape 1x1";
  if (s == label) std::cout << s << &s << Shape::parse(label);
  s.describe(std::cout);
  TILETUNE(space = (b = (64, 128)), blocks = cld(s.size(), $b), threads = $b,
           k<$b>(x, s, Wrap<float>{s.scaled(1.0f)}));
}

// CHECK:      R"tiletune(// Device source sliced by tiletune.
// CHECK-NOT:  )tiletune"
// CHECK:      #line [[#SHAPE:]] "host_members.cu"
// CHECK-NEXT: struct Shape {
// CHECK-NEXT:   int m, n;
// CHECK-NEXT:   Shape() = default;
// CHECK-NEXT:   HOST_DEVICE Shape(int m_, int n_) : m(m_), n(n_) {}
// CHECK-NOT:  string
// CHECK:        {{.*}}Shape(const Shape&) = default;
// CHECK-NEXT:   HOST_DEVICE int size() const { return m * n; }
// CHECK-NEXT:   template <class T>
// CHECK-NEXT:   HOST_DEVICE T scaled(T s) const {
// CHECK-NEXT:     return s * T(size());
// CHECK-NEXT:   }
// CHECK-NOT:  {{[[:alnum:]]}}
// CHECK:      {{^}}};
// CHECK-NOT:  describe
// CHECK-NOT:  const Shape* s
// CHECK:      #line [[#SHAPE+24]] "host_members.cu"
// CHECK-NEXT: template <class T>
// CHECK-NEXT: struct Wrap {
// CHECK-NEXT:   T v;
// CHECK-NEXT:   HOST_DEVICE T get() const { return v; }
// CHECK-NOT:  {{[[:alnum:]]}}
// CHECK:      {{^}}};
// CHECK:      std::cout << t << "\n";
// CHECK:      __global__ void k(float* x, Shape s, Wrap<float> w) {
// CHECK-NOT:  std::string
// CHECK:      )tiletune"
