// The flags a build passes to nvcc can follow `--` unchanged: what nvcc takes and Clang does not
// is dropped (or, for -Xcompiler's -D/-I/-std, translated), quietly but for the flags NVRTC has no
// counterpart of, which the tuned kernels are compiled without (nvrtc_flags.cu).
// RUN: %tiletune %s -o %t.cu -- -arch=sm_90 -arch sm_90 --extended-lambda -O3 -Xcompiler -Wall,-DFROM_HOST=1 --use_fast_math -lineinfo -G --expt-relaxed-constexpr -gencode arch=compute_90,code=sm_90 --std c++17 -x cu > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=QUIET < %t.out
// QUIET: tiletune: warning: {{.*}}nvcc_flags.cu: nvcc's '--extended-lambda' has no NVRTC counterpart{{.*}}
// QUIET-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.cu
// OUTPUT: ::tiletune::{{launch}}<

// nvcc's long spellings of -D, -I, -U, -isystem and -include.
// RUN: %tiletune %s -o %t.long.cu -- --define-macro=FROM_HOST=1 --define-macro NEED_PRE_INCLUDE --include-path %S --undefine-macro NOTHING --system-include=%S --pre-include Inputs/nvcc_flags_pre_include.h
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.long.cu

// A host compiler (-ccbin) that cannot be found leaves Clang's own include directories.
// RUN: %tiletune %s -o %t.ccbin.cu -- -ccbin %t.no-such-compiler -Xcompiler=-DFROM_HOST=1
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.ccbin.cu
// So does one that fails.
// RUN: %tiletune %s -o %t.failing.cu -- -ccbin false -Xcompiler=-DFROM_HOST=1
// RUN: FileCheck %s --check-prefix=OUTPUT < %t.failing.cu

// A flag neither nvcc nor Clang knows is Clang's error, and the run fails without an output.
// RUN: rm -f %t.bad.cu
// RUN: not %tiletune %s -o %t.bad.cu -- --frobnicate-the-kernel > %t.bad.out 2>&1
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.out
// BAD: error: unknown argument: '--frobnicate-the-kernel'
// RUN: test ! -e %t.bad.cu

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void vadd(float* c, int n) {
  // In the tuned kernel, where an error stops the tool.
#if FROM_HOST != 1
#error -Xcompiler -DFROM_HOST=1 did not reach the parse
#endif
#if defined(NEED_PRE_INCLUDE) && !defined(PRE_INCLUDED)
#error --pre-include was not read
#endif
}

void add(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, vadd<$tile>(c, n));
}
