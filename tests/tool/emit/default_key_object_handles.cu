// The default key leaves out the handles of CUDA objects: a cudaTextureObject_t or
// cudaSurfaceObject_t is an unsigned long long that names an object created at run time (HeCBench's
// opticalFlow creates its textures per call), not a size the tuning depends on. A user's typedef of
// one is a handle too; other integral arguments stay in the key. The output compiles.
// RUN: %tiletune %s -o %t.cu
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <cuda.h>

typedef cudaTextureObject_t Image;

__global__ void warp(int w, int h, float* out, cudaTextureObject_t src, cudaSurfaceObject_t dst) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float v = tex2D<float>(src, x + 0.5f, y + 0.5f);
  out[y * w + x] = v;
  surf2Dwrite(v, dst, x * static_cast<int>(sizeof(float)), y);
}

__global__ void blur(Image image, const Image* images, CUtexObject driver_image, long stride,
                     float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * stride] = tex1Dfetch<float>(image, i) + tex1Dfetch<float>(images[0], i) +
                    tex1Dfetch<float>(driver_image, i);
}

void run(int w, int h, float* out, cudaTextureObject_t src, cudaSurfaceObject_t dst, Image image,
         const Image* images, long stride) {
  TILETUNE(space = (bx = (16, 32), by = (4, 8)), blocks = (cld(w, $bx), cld(h, $by)),
           threads = ($bx, $by), warp(w, h, out, src, dst));
  // CHECK: ::tiletune::launch<void (*)(int, int, float *, cudaTextureObject_t, cudaSurfaceObject_t)>(
  // CHECK: ::tiletune::key(
  // CHECK-NEXT: #line
  // CHECK-NEXT: {{^ *}}::tiletune::bucket(static_cast<long long>(w)),
  // CHECK-NEXT: #line
  // CHECK-NEXT: {{^ *}}::tiletune::bucket(static_cast<long long>(h))),
  // CHECK-NEXT: [&]
  TILETUNE(space = (t = (128, 256)), blocks = cld(w, $t), threads = $t,
           blur(image, images, image, stride, out));
  // CHECK: ::tiletune::launch<void (*)(Image, const Image *, CUtexObject, long, float *)>(
  // CHECK-NEXT: {{^ *}}tiletune_site_{{[0-9]+}}_3, ::tiletune::key(::tiletune::bucket(static_cast<long long>(stride))),
  // CHECK-NEXT: [&]
}
