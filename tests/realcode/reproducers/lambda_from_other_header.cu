// tool (slice), refused with a precise error: NOT FIXED. An annotation in a header (a library's
// one launcher, moderngpu's cta_launch in transform.hxx) instantiated with a lambda that another
// header of the library writes (memory.hxx, kernel_reduce.hxx): nvcc compiles it; the tool refuses
// the instantiation at the annotation: "this instantiation of the site names a lambda's closure
// type, which tiletune names for NVRTC ... and not this one: it is written in another file than
// this one; or pass a functor type declared at namespace scope". moderngpu's persistent
// cta_launch also writes its lambda in a variadic template ("a template whose parameters
// tiletune cannot name for it (a pack, ...)"). Found in: moderngpu/test_reduce, test_segsort.
// Reproduce: tiletune lambda_from_other_header.cu -o out.cu -- -I<tiletune>/include
//            -std=c++17 --extended-lambda

#include "lib/lambda_library.h"

void run(int n, int* out) { fill_iota(n, out); }
