// A struct from a system header (not the toolkit's) is written into the slice only as C declares
// it (c_library_structs.cu); one with a bit-field, packing, a member function or a pointer to a
// struct is refused where the kernel uses it, naming the header. A plain struct beside them is
// carried (no error for plain_pair).
// RUN: not %tiletune %s -o %t.cu -- -isystem %S/Inputs 2>&1 | FileCheck %s --implicit-check-not=plain_pair

#include <tiletune/tiletune.h>

#include <system_structs.h>

__global__ void k(int* out, flags f, packed_pair p, with_method m, holds_pointer_to_struct h,
                  plain_pair q) {
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-2]]:29: error: 'flags' is declared in <system_structs.h>, which NVRTC cannot compile into the tuned kernel (used in 'k')
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-3]]:38: error: 'packed_pair' is declared in <system_structs.h>
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-4]]:53: error: 'with_method' is declared in <system_structs.h>
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-5]]:68: error: 'holds_pointer_to_struct' is declared in <system_structs.h>
  out[0] = f.count + p.value + m.v + h.pair->first + q.first + q.second;
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-1]]:14: error: 'flags::count' is declared in <system_structs.h>, which NVRTC cannot compile into the tuned kernel (used in 'k')
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-2]]:24: error: 'packed_pair::value' is declared in <system_structs.h>
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-3]]:34: error: 'with_method::v' is declared in <system_structs.h>
  // CHECK-DAG: refuse_c_library_structs.cu:[[@LINE-4]]:40: error: 'holds_pointer_to_struct::pair' is declared in <system_structs.h>
}

void run(int* out) {
  TILETUNE(space = (t = (64, 128)), blocks = 1, threads = $t,
           k(out, flags{}, packed_pair{}, with_method{}, holds_pointer_to_struct{}, plain_pair{}));
}
