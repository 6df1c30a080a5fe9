// FIXED (lit driver/asm_operands_without_commas.cu). Two GNU asm operands with no comma between
// them (`: "r"(a)` newline `"r"(b), "r"(c)`): nvcc and NVRTC accept it (their front end reads the
// next operand); Clang stops ("expected ')'"), and in a tuned kernel that stopped the tool. The
// tool now reads its files with the comma written in place of the blank before the operand.
// Found in: matmulpg/kernel2 (alexarmbr/matmul-playground src/kernel2.cu, the mma.sync operands).
// Reproduce: tiletune asm_operands_without_comma.cu -o out.cu -- -I<tiletune>/include -std=c++17

#include <tiletune/tiletune.h>

__global__ void add(unsigned* out, unsigned a, unsigned b) {
  unsigned d;
  asm volatile("add.u32 %0, %1, %2;" : "=r"(d) : "r"(a)
               "r"(b));
  out[threadIdx.x] = d;
}

void run(unsigned* out, unsigned a, unsigned b) {
  TILETUNE(space = (t = (32, 64)), blocks = 1, threads = $t, add(out, a, b));
}
