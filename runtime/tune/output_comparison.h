// Comparing a configuration's outputs with the first configuration's, under `verify`.
#pragma once

#include <tiletune/tuning_options.h>

#include <string>
#include <vector>

namespace tiletune::detail {

// The bytes of each compared buffer, in the order the buffers are named.
using Outputs = std::vector<std::vector<unsigned char>>;

// Why two copies of one buffer differ, or "" when they agree: floating-point elements within the
// relative `tolerance`, anything else byte for byte.
std::string difference(const std::vector<unsigned char>& expected,
                       const std::vector<unsigned char>& actual, ElementKind kind,
                       double tolerance);

// The first buffer of `actual` that differs from `expected`, and how ("output 1 element 7 is
// ..."), or "" when all agree.
std::string first_difference(const Outputs& expected, const Outputs& actual,
                             const std::vector<Buffer>& buffers, double tolerance);

}  // namespace tiletune::detail
