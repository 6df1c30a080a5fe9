// tool (check): FIXED on branch corpus3 (lit tests/tool/check/launch_bounds_zero_min_blocks.cu).
// A kernel whose __launch_bounds__ has a minimum-blocks argument that is 0 for the instantiation
// launched (a dependent value, as moderngpu's
// `__launch_bounds__(launch_box::sm_ptx::nt, launch_box::sm_ptx::occ)` whose launch_cta_t gives
// occ = 0 by default) fixes no minimum: nvcc writes no `.minnctapersm` for it (checked: a
// `Box<128, 0>` instantiation has `.maxntid 128, 1, 1` only, a `Box<128, 3>` one also
// `.minnctapersm 3`). The tool refused `occupancy` for it all the same, at the annotation's
// `occupancy`: "the kernel's __launch_bounds__ already fixes the minimum blocks per
// multiprocessor; 'occupancy' cannot change it" (check_launch_bounds read no value). It now reads
// the minimum as written, or per instantiation of the site when it is dependent. Found in:
// moderngpu/* (the library's one launch, cta_launch in transform.hxx, whose block is the launch
// box's compile-time nt, so occupancy is the one thing to tune).
// Reproduce: tiletune launch_bounds_zero_min_blocks.cu -o out.cu -- -I<tiletune>/include

#include <tiletune/tiletune.h>

template <int NT, int OCC = 0>
struct Box {
  enum { nt = NT, occ = OCC };
};

template <typename B>
__global__ __launch_bounds__(B::nt, B::occ) void scale(float* x, int n) {
  int i = blockIdx.x * B::nt + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

template <typename B>
void run(float* x, int n) {
  TILETUNE(space = (occupancy = (1, 2, 4)), blocks = (n + B::nt - 1) / B::nt, threads = B::nt,
           restore = (x, n * sizeof(float)), scale<B>(x, n));
}
template void run<Box<128>>(float*, int);
