// What a launch site is: its annotation's place, its kernel and device source, its space and its
// static hints. The tool emits one per annotation; a person can fill one in by hand.
#pragma once

#include <tiletune/space.h>

#include <string>
#include <vector>

namespace tiletune {

// Hints applied to every configuration of a site (0: not given).
struct Hints {
  int occupancy = 0;  // least blocks per multiprocessor: the compiler limits registers to allow it
  int num_ctas = 0;   // thread-block cluster size (sm_90 and later)
};

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
};

}  // namespace tiletune
