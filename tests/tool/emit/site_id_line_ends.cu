// A site's identity does not depend on the file's line ends: a copy of this file with CRLF line
// ends gives every site (a plain one, one written over several lines with a line splice, one whose
// template arguments Clang deduced, one in a template) the identity of the LF copy, so a checkout
// with either shares the other's results. The LF identity is the one site_id.h describes, computed
// here apart from the tool (Inputs/site_id_of.py): what results files already hold still matches.
// RUN: rm -rf %t && mkdir -p %t/lf %t/crlf
// RUN: cp %s %t/lf/line_ends.cu && sed 's/$/\r/' %s > %t/crlf/line_ends.cu
// RUN: tr -d -c '\r' < %t/crlf/line_ends.cu | wc -c | FileCheck %s --check-prefix=CRLF
// RUN: tr -d -c '\r' < %t/lf/line_ends.cu | wc -c | FileCheck %s --check-prefix=LF
// RUN: %tiletune %t/lf/line_ends.cu -o %t/lf.out.cu --
// RUN: %tiletune %t/crlf/line_ends.cu -o %t/crlf.out.cu --
// RUN: grep -o 'info.id = "[0-9a-f]*"' %t/lf.out.cu | sed 's/.*"\(.*\)"/\1/' > %t/lf.ids
// RUN: grep -o 'info.id = "[0-9a-f]*"' %t/crlf.out.cu | sed 's/.*"\(.*\)"/\1/' > %t/crlf.ids
// RUN: wc -l < %t/lf.ids | FileCheck %s --check-prefix=FOUR
// RUN: sort -u %t/lf.ids | wc -l | FileCheck %s --check-prefix=FOUR
// RUN: diff %t/lf.ids %t/crlf.ids
// The CRLF copy's slices do hold its line ends: only the identity reads them as LF.
// RUN: sed -n '/_source\[\] = R"tiletune(/,/)tiletune"/p' %t/crlf.out.cu | tr -d -c '\r' | wc -c | FileCheck %s --check-prefix=CRLF
// RUN: python3 %S/Inputs/site_id_of.py %t/lf.out.cu %t/lf/line_ends.cu > %t/expected.id
// RUN: head -n 1 %t/lf.ids | diff - %t/expected.id

// CRLF: {{^[1-9][0-9]*$}}
// LF: {{^0$}}
// FOUR: {{^4$}}

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void scale(float* x, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

template <typename T, int TILE>
__global__ void fill(T* x, T value, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n) x[i] = value;
}

void plain(float* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile, scale<$tile>(x, n));
}

void spread(float* x, int n) {
  TILETUNE(space = (tile = (64, 128,
                            256)),
           blocks = cld(n, $tile), threads = \
           $tile, scale<$tile>(x, n));
}

void deduced(double* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           fill<double, $tile>(x, 1.0, n));
}

template <typename T>
void generic(T* x, int n) {
  TILETUNE(space = (tile = (64, 128)), blocks = cld(n, $tile), threads = $tile,
           fill<T, $tile>(x, T(1), n));
}

template void generic<float>(float*, int);
