// FIXED (lit emit/site_in_namespace_shared_variable.cu). A launch in a function of a namespace
// whose kernel reads a `__device__` struct of that namespace written by cudaMemcpyToSymbol: the
// site (which names ::ns::params to copy it into the tuned module) went before the whole namespace,
// before the variable's declaration, and nvcc refused the rewritten file ("namespace "operators"
// has no member "params""). The site now goes inside the namespace, before the function. Found in:
// eth/miniapp (eth-cscs/SummerSchool2019 miniapp/solutions/cuda/operators.cu).
// Reproduce: tiletune site_in_namespace_device_struct.cu -o out.cu -- -I<tiletune>/include -std=c++17
//            && nvcc -std=c++17 -arch=sm_90 -I<tiletune>/include -c out.cu

#include <tiletune/tiletune.h>

namespace operators {
struct DiffusionParams {
  int nx;
  double alpha;
};
__device__ DiffusionParams params;

void setup_params_on_device(int nx, double alpha) {
  DiffusionParams p{nx, alpha};
  cudaMemcpyToSymbol(params, &p, sizeof(DiffusionParams));
}

namespace kernels {
__global__ void stencil_interior(double* S, const double* U) {
  int i = threadIdx.x + blockDim.x * blockIdx.x;
  if (i < params.nx) S[i] = params.alpha * U[i];
}
}  // namespace kernels

void diffusion(double* S, const double* U, int nx) {
  TILETUNE(space = (t = (64, 128)), blocks = cld(nx, $t), threads = $t,
           kernels::stencil_interior(S, U));
}
}  // namespace operators

int main() { return 0; }
