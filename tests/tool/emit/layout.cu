// Long annotations give generated code that still keeps within 100 columns: lists break inside
// their brackets, a lambda's statements go on lines of their own, long strings become adjacent
// literals. (#line directives name the file by its full path, and the kernel's own lines grow by
// the launch bounds written on them, as its template parameters or the macro: they are left out
// of the count.)
// The output compiles with nvcc.
// RUN: %tiletune %s -o %t.cu
// RUN: awk 'length > 100 && !/^(#line|TILETUNE_|template <int tiletune|__launch_bounds__)/' %t.cu \
// RUN:   | FileCheck %s --check-prefix=WIDE --allow-empty
// RUN: FileCheck %s --input-file=%t.cu
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o
// WIDE-NOT: {{.}}

#include <tiletune/tiletune.h>

namespace stencils {
template <int TILE_ROWS, int TILE_COLUMNS, int UNROLL_FACTOR>
__global__ void stencil_with_a_long_name(const float* input_values, float* output_values,
                                         int number_of_rows, int number_of_columns,
                                         int leading_dimension, float scale_factor,
                                         float offset_value) {}
}  // namespace stencils

void run(const float* input_values, float* output_values, int number_of_rows,
         int number_of_columns, int leading_dimension, cudaStream_t stream_for_the_launch) {
  TILETUNE(space = (tile_rows = (8, 16, 32, 64), tile_columns = (8, 16, 32, 64, 128),
                    unroll_factor = (1, 2, 4, 8), occupancy = (1, 2)),
           where = $tile_rows * $tile_columns <= 1024 && $tile_rows * $unroll_factor <= 128,
           key = (number_of_rows, number_of_columns, leading_dimension / 32),
           blocks = (cld(number_of_columns, $tile_columns), cld(number_of_rows, $tile_rows)),
           threads = ($tile_columns, $tile_rows / $unroll_factor),
           shmem = ($tile_rows + 2) * ($tile_columns + 2) * sizeof(float),
           stream = stream_for_the_launch,
           stencils::stencil_with_a_long_name<$tile_rows, $tile_columns, $unroll_factor>(
               input_values, output_values, number_of_rows, number_of_columns, leading_dimension,
               0.25f * $unroll_factor, 1.0f));
}
// CHECK: info.kernel = "stencils::{{[a-z_]+}}<$tile_rows, $tile_columns, $unroll_factor>";
// CHECK: info.name_expression = "{{(::)?}}stencils::" "stencil_with_a_long_name<$@max_threads, "
// CHECK-NEXT: "$@min_blocks, $tile_rows, $tile_columns, " "$unroll_factor>";
// CHECK: ::tiletune::launch<void (*)(const float *, float *, int, int, int, float, float)>(
