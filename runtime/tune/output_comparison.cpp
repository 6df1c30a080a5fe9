#include "tune/output_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tiletune::detail {
namespace {

template <class T>
std::string float_difference(const std::vector<unsigned char>& expected,
                             const std::vector<unsigned char>& actual, double tolerance) {
  const std::size_t n = expected.size() / sizeof(T);
  for (std::size_t i = 0; i < n; ++i) {
    T a, e;
    std::memcpy(&e, expected.data() + i * sizeof(T), sizeof(T));
    std::memcpy(&a, actual.data() + i * sizeof(T), sizeof(T));
    if (std::isnan(e) && std::isnan(a)) continue;
    const double scale = std::max({1.0, std::fabs(double(e)), std::fabs(double(a))});
    if (!(std::fabs(double(a) - double(e)) <= tolerance * scale))
      return "element " + std::to_string(i) + " is " + std::to_string(double(a)) +
             " where the first configuration's is " + std::to_string(double(e)) +
             " (relative tolerance " + std::to_string(tolerance) + ")";
  }
  return {};
}

}  // namespace

std::string difference(const std::vector<unsigned char>& expected,
                       const std::vector<unsigned char>& actual, ElementKind kind,
                       double tolerance) {
  if (kind == ElementKind::f32) return float_difference<float>(expected, actual, tolerance);
  if (kind == ElementKind::f64) return float_difference<double>(expected, actual, tolerance);
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (expected[i] != actual[i])
      return "byte " + std::to_string(i) + " is " + std::to_string(actual[i]) +
             " where the first configuration's is " + std::to_string(expected[i]);
  return {};
}

std::string first_difference(const Outputs& expected, const Outputs& actual,
                             const std::vector<Buffer>& buffers, double tolerance) {
  for (std::size_t b = 0; b < buffers.size(); ++b)
    if (std::string diff = difference(expected[b], actual[b], buffers[b].element, tolerance);
        !diff.empty())
      return "output " + std::to_string(b) + " " + diff;
  return {};
}

std::string first_unwritten(const Outputs& over_poison, const Outputs& over_other_poison) {
  for (std::size_t b = 0; b < over_poison.size(); ++b) {
    const std::vector<unsigned char>& one = over_poison[b];
    const std::vector<unsigned char>& other = over_other_poison[b];
    for (std::size_t i = 0; i < one.size(); ++i)
      if (one[i] == kPoison && other[i] == kOtherPoison)
        return "output " + std::to_string(b) + " byte " + std::to_string(i) + " (of " +
               std::to_string(one.size()) + ")";
  }
  return {};
}

}  // namespace tiletune::detail
