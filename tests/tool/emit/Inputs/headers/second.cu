// The second translation unit of headers.cu: it includes the same header and instantiates its
// launcher template with another type.
#include "kernels.cuh"

void second(double* x, float* y, int n) {
  scale_any(x, n);
  scale_floats(y, n);
}
