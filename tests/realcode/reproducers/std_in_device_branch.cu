// FIXED (lit slice/std_in_device_branch.cu). `std::conditional_t<std::is_same_v<...>, ...>` written
// only in the `#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800` branch of a kernel's traits:
// the host parse takes the #else, so the slice mapped neither name to libcu++ and the device check
// refused every configuration ("NVRTC: namespace "std" has no member "conditional_t""). The slice
// now maps a `std::` name in a device branch like any other use of it. Found in: tinyfa/flash_cutlass
// (66RING/tiny-flash-attention flash_attention_cutlass/standalone_src/kernel_traits.h).
// Reproduce: tiletune std_in_device_branch.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

#include <type_traits>

template <typename T>
struct Traits {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using Acc = std::conditional_t<std::is_same_v<T, float>, double, float>;
#else
  using Acc = float;
#endif
};

template <typename T, int B>
__global__ void scale(T* out, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n) out[i] = T(typename Traits<T>::Acc(out[i]) * 2);
}

void run(float* out, int n) {
  TILETUNE(space = (b = (64, 128)), blocks = cld(n, $b), threads = $b, scale<float, $b>(out, n));
}

int main() {
  float* out;
  cudaMalloc(&out, 1024 * sizeof(float));
  run(out, 1024);
  cudaDeviceSynchronize();
  return 0;
}
