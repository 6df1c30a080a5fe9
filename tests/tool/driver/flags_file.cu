// --flags-file: nvcc's flags one per line, as CMake's COMPILE_OPTIONS holds them (tiletune_add_sources
// writes the target's CUDA options and CMAKE_CUDA_FLAGS so): a line is one argument, a `SHELL:`
// line several, split as a shell splits them. The tool takes what the parse needs and what shapes
// the device code, after the flags given after `--`; what it does not know (nvcc's own options, the
// host compiler's) it leaves to nvcc without a word.
// RUN: rm -rf %t && mkdir -p %t
// RUN: printf '%%s\n' '--use_fast_math' 'SHELL:-Xptxas -v -maxrregcount 32 -DTWO' '-DTHREE=3' 'SHELL:-Xcudafe --diag_suppress=177' '-Werror=all-warnings' '-Xcompiler=-DHOST_ONLY=1' '' 'SHELL:-D"QUOTED=a b"' '-DSPACED=c d' > %t/flags.txt
// RUN: %tiletune %s -o %t/out.cu --flags-file %t/flags.txt -- -DONE=1 > %t/out.txt 2>&1
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/out.txt
// QUIET-NOT: {{.}}
// RUN: sed -n '/^ *info.options = {/,/};/p' %t/out.cu | tr -d '\n' | sed -e 's/ *"/"/g' -e 's/",/"\n/g' > %t/options.txt
// RUN: FileCheck %s --check-prefix=OPTIONS --input-file=%t/options.txt
// OPTIONS: info.options = {"-DONE=1"
// OPTIONS-NEXT: {{^}}"--use_fast_math"
// OPTIONS-NEXT: {{^}}"--ptxas-options=-v"
// OPTIONS-NEXT: {{^}}"--maxrregcount=32"
// OPTIONS-NEXT: {{^}}"-DTWO"
// OPTIONS-NEXT: {{^}}"-DTHREE=3"
// OPTIONS-NEXT: {{^}}"-DQUOTED=a b"
// OPTIONS-NEXT: {{^}}"-DSPACED=c d"};{{$}}

// A file without annotations gets no warning about flags its (absent) tuned kernels lack.
// RUN: printf '%%s\n' '--extended-lambda' > %t/lambda.txt
// RUN: %tiletune %S/Inputs/no_annotation.cu -o %t/plain.cu --flags-file %t/lambda.txt > %t/plain.txt 2>&1
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t/plain.txt
// An annotated one does.
// RUN: %tiletune %s -o %t/lambda.cu --flags-file %t/lambda.txt -- -DONE=1 -DTWO -DTHREE=3 -DQUOTED -DSPACED -DHOST_ONLY 2>&1 | FileCheck %s --check-prefix=LAMBDA
// LAMBDA: tiletune: warning: {{.*}}flags_file.cu: nvcc's '--extended-lambda' has no NVRTC counterpart

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= ONE + TWO + THREE;
#if !defined(QUOTED) || !defined(SPACED) || !defined(HOST_ONLY)
#error a flag of the flags file did not reach the parse
#endif
}

void run(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, scale<$tile>(x, n));
}
