// GNU asm operands with no comma between them, as nvcc and NVRTC accept them (matmul-playground's
// kernel_2: `"r"(B_register[mma_k][mma_n])` then `"r"(acc_register...)` on the next line). Clang
// stopped at the second operand ("expected ')'"), an error in the tuned kernel, so the tool wrote
// nothing. The tool now reads its files with the comma written in place of the blank before the
// operand (columns unchanged): the slice that NVRTC compiles (the device check is on) and the
// rewritten file that nvcc compiles hold it. A tab takes the comma as a space does; operands of
// inputs after `::` and those in a macro's body are mended; comments, strings and raw strings (text
// of the program's, which may hold PTX) are left as they are.
// RUN: %{tiletune_checked} %s -o %t.cu --device-check-cache %t.cache -- -std=c++17 -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

// ADD3: "add.u32 %0, %1, %2;" : "=r"(d) : "r"(a) "r"(b)
#define ADD(d, a, b) asm("add.u32 %0, %1, %2;" : "=r"(d) : "r"(a) \
                         "r"(b))

__global__ void sum3(unsigned* out, unsigned a, unsigned b, unsigned c) {
  unsigned ab, abc;
  asm volatile("add.u32 %0, %1, %2;" : "=r"(ab) : "r"(a)
               "r"(b));
  asm volatile("add.u32 %0, %1, %2;" : "=r"(abc) : "r"(ab)	"r"(c));
  asm volatile("st.global.u32 [%0], %1;" :: "l"(out + threadIdx.x) "r"(abc) : "memory");
  unsigned twice;
  ADD(twice, abc, abc);
  if (twice == 0) out[0] = 1;
}

// A raw string over several lines, holding what reads as an operand list without its comma.
const char* kInlinePtxExample = R"ptx(say "hi
  asm volatile("add.u32 %0, %1, %2;" : "=r"(x) : "r"(y) "r"(z));
)ptx";

void run(unsigned* out, unsigned a, unsigned b, unsigned c) {
  TILETUNE(space = (t = (32, 64)), blocks = 1, threads = $t, sum3(out, a, b, c));
}
// The rewritten file: the kernel with the commas, and the slice that the runtime compiles.
// CHECK: {{^}}// ADD3: "add.u32 %0, %1, %2;" : "=r"(d) : "r"(a) "r"(b){{$}}
// CHECK: {{^}}#define ADD(d, a, b) asm("add.u32 %0, %1, %2;" : "=r"(d) : "r"(a) \
// CHECK-NEXT: {{^}}                        ,"r"(b))
// CHECK: {{^}}  asm volatile("add.u32 %0, %1, %2;" : "=r"(ab) : "r"(a){{$}}
// CHECK-NEXT: {{^}}              ,"r"(b));
// CHECK-NEXT: {{^}}  asm volatile("add.u32 %0, %1, %2;" : "=r"(abc) : "r"(ab),"r"(c));
// CHECK-NEXT: {{^}}  asm volatile("st.global.u32 [%0], %1;" :: "l"(out + threadIdx.x),"r"(abc) : "memory");
// The raw string as written.
// CHECK: {{^}}  asm volatile("add.u32 %0, %1, %2;" : "=r"(x) : "r"(y) "r"(z));{{$}}
