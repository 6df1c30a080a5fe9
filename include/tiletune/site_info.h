// What a launch site is: its annotation's place, its kernel and device source, its space and its
// static hints. The tool emits one per annotation; a person can fill one in by hand.
#pragma once

#include <tiletune/space.h>

#include <cstddef>
#include <string>
#include <vector>

namespace tiletune {

// Hints applied to every configuration of a site (0: not given).
struct Hints {
  int occupancy = 0;  // least blocks per multiprocessor: the compiler limits registers to allow it
  int num_ctas = 0;   // thread-block cluster size (sm_90 and later)
};

// The application's copy of a device variable, in the calling thread's context.
struct SymbolMemory {
  void* address = nullptr;
  std::size_t bytes = 0;
};

// A __constant__ or __device__ variable that the kernel uses and host code reaches through the
// runtime API (cudaMemcpyToSymbol, cudaGetSymbolAddress, ...). The tuned kernel's module has its
// own copy, so before every launch of the site (trial launches included) the runtime copies the
// application's into it, device to device on the launch stream; a __device__ variable, which the
// kernel may write, is copied back after each launch of the winner.
struct DeviceSymbol {
  const char* name = "";               // as the module knows it (the lowered, mangled name)
  SymbolMemory (*memory)() = nullptr;  // the application's copy (tiletune/device_symbol.h)
  bool copy_back = false;              // a __device__ variable: copied back after the launch
};

// A DeviceSymbol from its parts, as generated sites build it: a struct with default member values
// is an aggregate only from C++14 on, and a site compiles with the user's -std.
inline DeviceSymbol device_symbol(const char* __tt_name, SymbolMemory (*__tt_memory)(),
                                  bool __tt_copy_back) {
  DeviceSymbol __tt_symbol;
  __tt_symbol.name = __tt_name;
  __tt_symbol.memory = __tt_memory;
  __tt_symbol.copy_back = __tt_copy_back;
  return __tt_symbol;
}

struct SiteInfo {
  const char* file = "";  // the annotation's file and line, for messages
  int line = 0;
  // What the results file knows the site by: a hash of its device source and annotation, so that
  // a result follows the code, not the file's place ("": the file and line, for a hand-made site).
  const char* id = "";
  const char* kernel = "";           // the kernel as written at the site
  const char* device_source = "";    // self-contained source that NVRTC compiles
  const char* name_expression = "";  // the kernel to instantiate, `$name` standing for axis values
  Space space;
  Hints hints;
  std::vector<std::string> options;  // extra NVRTC options
  // Every `$name` the generated code uses, checked against an opaque space at the first launch.
  std::vector<std::string> dollar_names;
  // The variables the kernel shares with host code; none: a launch copies nothing.
  std::vector<DeviceSymbol> symbols;
};

}  // namespace tiletune
