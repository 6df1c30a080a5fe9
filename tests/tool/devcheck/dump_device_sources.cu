// --dump-device-sources DIR (for tests: nvrtc_judge.py) writes each site's device source, the
// NVRTC programs the device check compiles from it (every option NVRTC gets, the name
// expressions) and the slicer's objections as JSON, whether or not the tool then accepts the site.
// A directory that cannot be written is an error at the site; the option needs a directory.
// RUN: rm -rf %t.dump && mkdir %t.dump
// RUN: not %tiletune %s -o %t.cu --dump-device-sources %t.dump -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: FileCheck %s --input-file=%t.dump/dump_device_sources.cu.22.3.json
// RUN: not %tiletune %s -o %t.cu --dump-device-sources %t.missing/dir -- -I%{tiletune_include} 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not %tiletune %s -o %t.cu --dump-device-sources 2>&1 | FileCheck %s --check-prefix=USAGE

#include <tiletune/tiletune.h>

float host_scale(float v) { return 2 * v; }

template <typename T>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = host_scale(x[i]);
}

void run(float* x, int n) {
  TILETUNE(space = (block = (64, 128)), blocks = cld(n, $block), threads = $block,
           scale<float>(x, n));
}

// REFUSED: dump_device_sources.cu:18:21: error: 'host_scale' is a host function
// CHECK: "objections": [
// CHECK-NEXT: "'host_scale' is a host function: the tuned kernel is compiled by NVRTC from device code only; mark it __device__ (or __host__ __device__) (used in 'scale')"
// The launch bounds are the kernel's leading template arguments: one program for both blocks.
// CHECK: "name_expressions": [
// CHECK-NEXT: "scale<(64), (0), float>",
// CHECK-NEXT: "scale<(128), (0), float>"
// CHECK-NEXT: ],
// CHECK-NEXT: "options": [
// CHECK-NEXT: "--gpu-architecture=sm_75",
// CHECK-NOT: TILETUNE_LAUNCH_BOUNDS
// CHECK: "site": "dump_device_sources.cu.22.3",
// CHECK: "source": "// Device source sliced by tiletune.\n
// UNWRITABLE: dump_device_sources.cu:22:3: error: cannot write '{{.*}}dump_device_sources.cu.22.3.json': No such file or directory
// USAGE: tiletune: error: --dump-device-sources needs a directory
