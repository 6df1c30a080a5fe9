// tiletune: autotuning for CUDA C++ from one annotation at the launch site.
//
//   TILETUNE(space = (tile = (64, 128, 256), occupancy = (1, 2, 4)),
//            blocks = cld(n, $tile), threads = $tile, stream = s,
//            vadd<$tile>(a, b, c, n));
//
// The `tiletune` tool rewrites each TILETUNE(...) into calls to the runtime declared here; nvcc
// then compiles the rewritten file. A file that reaches nvcc unrewritten fails with a message that
// says so.
#pragma once

// The headers are C++11 (the library itself is C++20): nvcc's C++03 would fail inside them, far
// from the cause, so it is refused here, once, with what to do.
#if __cplusplus < 201103L
#error \
    "tiletune needs C++11 or later, and this file is compiled as C++03: compile it with -std=c++11 or later (nvcc -std=c++17; CMake: CUDA_STANDARD 17)"
#else
#include <tiletune/all_gather.h>
#include <tiletune/broadcast.h>
#include <tiletune/closure.h>
#include <tiletune/device_symbol.h>
#include <tiletune/error.h>
#include <tiletune/function_refs.h>
#include <tiletune/graphs.h>
#include <tiletune/launch.h>
#include <tiletune/rules.h>
#include <tiletune/site.h>
#include <tiletune/site_info.h>
#include <tiletune/space.h>
#include <tiletune/tuning_options.h>
#include <tiletune/tuning_result.h>
#endif

#if defined(TILETUNE_TOOL)
// The tool parses the file with this definition; it reads the annotation's own text, not this.
#define TILETUNE(...) ((void)0)
namespace tiletune {
namespace detail {
// A name in `where` (a constant, an enumerator), shown to Clang at the annotation as the argument
// of a call to this, in an unevaluated operand, so that Clang looks it up and evaluates it there
// (the tool's call probe, tool/preprocess/call_probe.h); `Index` is its place among the names.
// Declared for the tool's parse only, never defined.
template <int Index, class T>
void where_name(T value);
}  // namespace detail
}  // namespace tiletune
#else
#define TILETUNE(...)                                                                    \
  static_assert(sizeof(#__VA_ARGS__) == 0,                                               \
                "TILETUNE(...) must be rewritten by the tiletune tool before nvcc: run " \
                "`tiletune file.cu -o file.tiletune.cu` and compile the output (see README)")
#endif
