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

// The fills a checked launch's write-only outputs get first: a configuration's own values cannot
// pass for another's. The first configuration, whose outputs the others must match, runs over
// each in turn: a byte that holds each fill after its launch was never written.
inline constexpr unsigned char kPoison = 0xff;
inline constexpr unsigned char kOtherPoison = 0x00;

// Where the outputs of two launches of one configuration, over kPoison and over kOtherPoison,
// hold the fill both times ("output 0 byte 396 (of 400)"), or "" when every byte was written.
std::string first_unwritten(const Outputs& over_poison, const Outputs& over_other_poison);

}  // namespace tiletune::detail
