// Shared by the slicer corpus: the check that every configuration of a file's annotated sites
// compiles from the device source the tool sliced (NVRTC and nvJitLink for sm_90, no GPU needed),
// and CPU-reference comparisons for the GPU halves of the tests.
#pragma once

#include "../gpu/gpu_test_support.h"

#include <tiletune/tiletune.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

namespace tiletune::corpus {

// Compiles every configuration of every site in the file whose name ends with `file` and expects
// `configurations` compiles, each succeeding (a failure shows NVRTC's log). `key` supplies the
// values of Constant(...) arguments, which a site's name expression takes from the launch key;
// throws tiletune::Error when the key lacks one.
void expect_slices_compile(const std::string& file, int configurations, const Key& key = Key{});

// The number of elements of `got` farther from `want` than `tolerance` relative to |want| (and
// absolute below 1), with the first few printed.
int count_mismatches(const std::vector<float>& got, const std::vector<float>& want,
                     float tolerance);

}  // namespace tiletune::corpus
