// A name in `where` that is no integer constant is an error at its column that says what it is,
// with Clang's own notes on why it is not constant; one Clang cannot find is Clang's error there.
// A part the build-time grammar cannot read (a call, template arguments, a member access, a
// subscript, a floating literal) is an error at that part, naming it.
// RUN: not %tiletune %s -o %t.cu -- -I%{tiletune_include} 2>&1 | FileCheck %s

#include <tiletune/tiletune.h>

template <int TILE>
__global__ void fill(float* c, int n) {}

constexpr float kScale = 2.5f;
constexpr int max_tile() { return 4; }
constexpr unsigned long long kHuge = 18446744073709551615ull;
template <typename T>
struct Traits {
  static constexpr int kMax = 256;
};

void not_constant(float* c, int n, int limit) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= limit, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'limit' in 'where' is not a constant expression: 'where' is evaluated at build time, so a name in it must be an integer constant (constexpr, a const integer with a constant initializer, an enumerator)
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-3]]:57: note: function parameter 'limit' with unknown value cannot be used in a constant expression
}

void not_integral(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile * kScale <= 256, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:56: error: 'kScale' in 'where' has type 'float', not an integer or enumeration type: 'where' is evaluated at build time
}

void too_large(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile < kHuge, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:56: error: 'kHuge' in 'where' is 18446744073709551615, beyond the 64-bit signed values 'where' is evaluated in
}

void undeclared(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= kMissing, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: use of undeclared identifier 'kMissing'
}

template <int N>
void dependent(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= N, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'N' in 'where' depends on the enclosing template's parameters: 'where' is evaluated once for the annotation, the same space for every instantiation, so a name in it must have one value; write the bound that holds for all of them (for sizeof(T), the largest type's size)
}
template void dependent<128>(float*, int);

void template_member(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= Traits<float>::kMax, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, integer literals, names of integer constants and sizeof(...) (arithmetic, comparison, &&, ||, !, cld), evaluated at build time; 'Traits<float>::kMax' is a name with template arguments: declare its value as a constant and name that
}

void call(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= max_tile() * 64, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, {{.*}}; 'max_tile()' is a call: declare its value as a constant and name that
}

constexpr int pick(bool wide) { return wide ? 256 : 64; }

void call_with_comparison(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= pick(n > 0) + 1, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, {{.*}}; 'pick(n > 0)' is a call: declare its value as a constant and name that
}

struct Limits {
  int tile;
};
constexpr Limits kLimits{128};
constexpr int kTable[2] = {64, 128};

void member(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= kLimits.tile, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, {{.*}}; 'kLimits.tile' is a member access: declare its value as a constant and name that
}

void subscript(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= kTable[1] && $tile > 0,
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, {{.*}}; 'kTable[1]' is a subscript: declare its value as a constant and name that
}

void floating(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = $tile <= 3.5 * 64, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:57: error: 'where' must be an expression over '$' names, {{.*}}; it cannot read '3.5' there
}

// A name inside a macro's expansion is reported at the macro's use.
#define LIMIT ($tile <= kScale)
void in_macro(float* c, int n) {
  TILETUNE(space = (tile = (64, 128)), where = LIMIT, blocks = cld(n, $tile), threads = $tile,
           fill<$tile>(c, n));
  // CHECK-DAG: where_constant_errors.cu:[[@LINE-2]]:48: error: 'kScale' in 'where' has type 'float'
}

// Outside a function (a launch in a variable's initializer) no function holds the names.
float* global_c;
int global_n;
constexpr int kTiny = 16;
int launched = (TILETUNE(space = (tile = (64, 128)), where = $tile <= kTiny,
                         blocks = cld(global_n, $tile), threads = $tile,
                         fill<$tile>(global_c, global_n)), 0);
// CHECK-DAG: where_constant_errors.cu:[[@LINE-3]]:71: error: 'kTiny' in 'where' has no value: Clang evaluates the names in 'where' in the function that holds the annotation; put it in one, or write the value
