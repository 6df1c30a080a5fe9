// tool (slice): FIXED on branch corpus3 (lit tests/tool/slice/lambda_local_aliases.cu). An
// extended lambda written in main() whose parameters and body name a typedef local to main
// (`typedef float scalar_t;`), passed down to a kernel template through a host template: nvcc
// accepts it; the tool refused the site's instantiation, at the annotation: "this instantiation
// of the site names a lambda's closure type, which tiletune names for NVRTC ... and not this one:
// its body names 'scalar_t', declared in the function around it; declare it at namespace scope;
// or pass a functor type declared at namespace scope" (a change to the author's code). The
// closure's struct in the slice now holds `using scalar_t = float;`. Found in: hecbench/rotary
// (PyTorch's gpu_kernel_multiple_outputs pattern), moderngpu/test_reduce (kernel_reduce.hxx's
// `typedef ... type_t` in its lambda).
// Reproduce: tiletune lambda_names_local_typedef.cu -o out.cu -- -I<tiletune>/include
//            -std=c++17 --extended-lambda

#include <tiletune/tiletune.h>

template <typename F>
__global__ void apply(int n, F f, float* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = f(x[i]);
}

template <typename F>
void launch(int n, const F& f, float* x) {
  TILETUNE(space = (occupancy = (1, 2)), blocks = (n + 127) / 128, threads = 128,
           restore = (x, n * sizeof(float)), apply<F>(n, f, x));
}

int main() {
  typedef float scalar_t;
  float* x = nullptr;
  launch(1024, [] __host__ __device__(scalar_t v) -> scalar_t { return v * scalar_t(2); }, x);
}
