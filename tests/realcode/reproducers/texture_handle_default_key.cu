// tool (emit): FIXED on branch corpus3 (lit tests/tool/emit/default_key_object_handles.cu). The
// default key took every integral argument, cudaTextureObject_t and cudaSurfaceObject_t handles
// too (unsigned long long typedefs): a program that creates its texture objects per call (HeCBench's
// opticalFlow, from the CUDA samples' HSOpticalFlow) keyed its tunings on handle values, so a new
// handle could mean a new tuning. The key now leaves the handles out (check/default_key.h).
// Reproduce: tiletune texture_handle_default_key.cu -o out.cu -- -I<tiletune>/include, then look
// at ::tiletune::key(...) in out.cu: only w and h.

#include <tiletune/tiletune.h>

__global__ void sample(int w, int h, float* out, cudaTextureObject_t image) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(image, x + 0.5f, y + 0.5f);
}

void run(int w, int h, float* out, cudaTextureObject_t image) {
  TILETUNE(space = (bx = (16, 32), by = (4, 8)), blocks = (cld(w, $bx), cld(h, $by)),
           threads = ($bx, $by), sample(w, h, out, image));
}
