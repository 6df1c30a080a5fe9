// A header library's algorithm that passes its own lambda to the launcher of
// launcher_in_header.h (see lambda_from_other_header.cu).
#pragma once
#include "launcher_in_header.h"

inline void fill_iota(int n, int* out) {
  launch_each(n, [=] __device__(int i) { out[i] = i; });
}
