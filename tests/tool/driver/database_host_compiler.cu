// Without `--`, the flags come from compile_commands.json, the host compiler (-ccbin) included:
// its include directories are the ones the parse uses, as nvcc's host compile does. Its flags that
// shape the device code reach the tuned kernels (nvrtc_flags.cu); its other options and the
// input and output stay nvcc's.
// RUN: rm -rf %t && mkdir -p %t/good %t/bad
// RUN: cp %s %t/good/input.cu && cp %s %t/bad/input.cu
// RUN: echo '[{"directory": "%t/good", "file": "%t/good/input.cu", "command": "nvcc -ccbin=c++ -DFROM_DATABASE=1 -use_fast_math -arch=sm_90 -Xptxas=-v -O3 -c input.cu -o input.o"}]' > %t/good/compile_commands.json
// RUN: %tiletune %t/good/input.cu -o %t/good/output.cu
// RUN: FileCheck %s --check-prefix=OUTPUT < %t/good/output.cu
// OUTPUT: {{^ +}}info.options = {"-DFROM_DATABASE=1", "--use_fast_math", "--ptxas-options=-v"};
// OUTPUT: ::tiletune::{{launch}}<

// A host compiler that fails leaves Clang's own directories, without gcc's omp.h.
// RUN: echo '[{"directory": "%t/bad", "file": "%t/bad/input.cu", "command": "nvcc -ccbin false -DFROM_DATABASE=1 -c input.cu"}]' > %t/bad/compile_commands.json
// RUN: not %tiletune %t/bad/input.cu -o %t/bad/output.cu 2>&1 | FileCheck %s --check-prefix=NO-HOST
// NO-HOST: fatal error: 'omp.h' file not found

#include <tiletune/tiletune.h>

#include <omp.h>

template <int TILE>
__global__ void vadd(float* c, int n) {
#if FROM_DATABASE != 1
#error the database's -D did not reach the parse
#endif
}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
