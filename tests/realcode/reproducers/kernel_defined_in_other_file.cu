// NOT FIXED (by design; lit check/kernel_not_defined.cu). A launch of a kernel that this
// file only declares (the header lib/gemv_kernels.h), defined in another .cu compiled apart
// (whole-program, no -rdc): nvcc links it; the tool compiles the tuned kernel with NVRTC from the
// annotated file, which has no body to compile, so it refuses at the call's column: "'gemv_fp16'
// is only declared in this file: tiletune compiles the tuned kernel with NVRTC from the file that
// holds the annotation, so that file must define it; move the annotated launch into the kernel's
// file, or the kernel into this one", with a note at the declaration. Found in: fastgemv/gemv
// (FastGEMV's test_gemv.cu launches the kernels of fast_gemv.cu); fastgemv/gemv_moved is the same
// program with the three launchers moved into fast_gemv.cu, as the message says, and passes.
// Reproduce: tiletune kernel_defined_in_other_file.cu -o out.cu -- -I<tiletune>/include -Ilib

#include <tiletune/tiletune.h>

#include "gemv_kernels.h"

void solve(half* mat, half* vec, half* res, unsigned int rows, unsigned int cols) {
  TILETUNE(space = (bx = (32, 64, 128), by = (1, 2, 4, 8)), where = $bx * $by <= 1024,
           blocks = (1, rows / $by), threads = ($bx, $by),
           gemv_fp16(mat, vec, res, cols, cols / $bx));
}
