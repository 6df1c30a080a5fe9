// What a launch asks of the tuning it may start: the annotation's `restore`, `outputs`, `verify`
// and `flush_l2`, over device buffers named by pointer and size.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

namespace tiletune {

// How a buffer's elements compare under `verify`: floating point within a relative tolerance,
// anything else byte for byte.
enum class ElementKind : unsigned char { raw, f32, f64 };

// A device buffer named in `restore` or `outputs`.
struct Buffer {
  const void* pointer = nullptr;
  std::size_t bytes = 0;
  ElementKind element = ElementKind::raw;
};

template <class T>
Buffer buffer(T* pointer, std::size_t bytes) {
  using E = std::remove_cv_t<T>;
  ElementKind kind = std::is_same_v<E, float>    ? ElementKind::f32
                     : std::is_same_v<E, double> ? ElementKind::f64
                                                 : ElementKind::raw;
  return Buffer{static_cast<const void*>(pointer), bytes, kind};
}

// Built only when a tuning starts, never on the launch path.
struct TuningOptions {
  // Written in place by the kernel: saved before tuning, restored before every trial launch and
  // after the tuning, so the caller's data is as if only the real launch happened.
  std::vector<Buffer> restore;
  // Compared under `verify` (the `restore` buffers when empty). Treated as written by the kernel:
  // filled with 0xff before each checked launch, restored after the tuning.
  std::vector<Buffer> outputs;
  bool verify = false;
  double tolerance = 1e-4;  // relative, for floating-point elements
  bool flush_l2 = false;    // evict L2 before every timed sample
};

}  // namespace tiletune
