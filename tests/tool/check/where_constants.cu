// `where` may name integer constants: Clang looks each up where the annotation is written and
// evaluates it as C++ would (a const int with a constant initializer, a constexpr variable, a
// static member, an enumerator, scoped or not, a macro of a system header, a function's local
// constant, in a member function defined in its class too); the tool then evaluates `where` with
// those values for every configuration (the configurations the device check would compile, in the
// dump), and the generated code's constraint holds the values, not the names (a local constant is
// out of scope where the space is built; a scoped enumerator does not compare with an integer).
// RUN: rm -rf %t.dump && mkdir %t.dump
// RUN: %tiletune %s -o %t.cu --dump-device-sources %t.dump -- -I%{tiletune_include}
// RUN: FileCheck %s --input-file=%t.cu
// RUN: FileCheck %s --input-file=%t.dump/where_constants.cu.49.3.json --check-prefix=EVALUATED
// RUN: %nvcc -std=c++17 -arch=sm_90 -I%{tiletune_include} -c %t.cu -o %t.o

#include <tiletune/tiletune.h>

#include <climits>

template <int TILE>
__global__ void fill(float* c, int n) {}

const int kMaxTile = 256;
constexpr long long kMinTile = 64;
namespace limits {
constexpr int kWarp = 32;
}
enum Shape { kNarrow = 128, kWide = 512 };
enum class Width : unsigned { kSmall = 64, kLarge = 1024 };
struct Config {
  static constexpr int kStep = 128;
};
#define MAX_TILE kMaxTile

void named(float* c, int n) {
  TILETUNE(space = (tile = (32, 64, 128, 256, 512)), where = $tile >= kMinTile && $tile <= MAX_TILE,
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
}
// CHECK: return tt_cfg[0] >= (64ll) && tt_cfg[0] <= (256ll);

void qualified(float* c, int n) {
  TILETUNE(space = (tile = (32, 64, 128, 256, 512)),
           where = $tile % limits :: kWarp == 0 && $tile != Shape::kNarrow && $tile < kWide &&
                   $tile % Config::kStep == 0,
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
}
// CHECK: return tt_cfg[0] % (32ll) == 0 && tt_cfg[0] != (128ll) && tt_cfg[0] < (512ll) && tt_cfg[0] % (128ll) == 0;

void scoped_and_system(float* c, int n) {
  const int local_floor = 100;
  TILETUNE(space = (tile = (32, 64, 128, 1024)),
           where = $tile > Width::kSmall && $tile < INT_MAX && $tile > local_floor,
           blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
}
// CHECK: return tt_cfg[0] > (64ll) && tt_cfg[0] < (2147483647ll) && tt_cfg[0] > (100ll);
// EVALUATED: "name_expressions": [
// EVALUATED-NEXT: "fill<(128), (0), (128)>",
// EVALUATED-NEXT: "fill<(1024), (0), (1024)>"
// EVALUATED-NOT: "fill<

struct Launcher {
  static constexpr int kCap = 128;
  void run(float* c, int n) {
    constexpr int inner = 64;
    TILETUNE(space = (tile = (32, 64, 128, 256)), where = $tile >= inner && $tile <= kCap,
             blocks = cld(n, $tile), threads = $tile, fill<$tile>(c, n));
  }
};
// CHECK: return tt_cfg[0] >= (64ll) && tt_cfg[0] <= (128ll);

// In a template, a name that does not depend on its parameters has the site's one value.
template <typename T>
void in_template(T* c, int n) {
  TILETUNE(space = (tile = (32, 64, 128)), where = $tile > kMinTile, blocks = cld(n, $tile),
           threads = $tile, fill<$tile>(c, n));
}
template void in_template<float>(float*, int);
// CHECK: return tt_cfg[0] > (64ll);
