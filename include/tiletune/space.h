// Configurations and the spaces they come from. A configuration is a small fixed-size vector of
// integers indexed by axis, so copying one or reading a value never allocates.
#pragma once

#include <tiletune/rules.h>

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>
#if __cplusplus >= 201703L
#include <string_view>
#endif

namespace tiletune {

class Config {
 public:
  static constexpr int kMaxAxes = rules::kMaxAxes;

  Config() = default;
  Config(std::initializer_list<long long> values);

  long long operator[](int __tt_axis) const { return values_[__tt_axis]; }
  long long& operator[](int __tt_axis) { return values_[__tt_axis]; }
  int size() const { return size_; }
  void push_back(long long value);

  friend bool operator==(const Config& __tt_a, const Config& __tt_b) {
    if (__tt_a.size_ != __tt_b.size_) return false;
    for (int __tt_i = 0; __tt_i < __tt_a.size_; ++__tt_i)
      if (__tt_a.values_[__tt_i] != __tt_b.values_[__tt_i]) return false;
    return true;
  }
  friend bool operator!=(const Config& __tt_a, const Config& __tt_b) { return !(__tt_a == __tt_b); }

 private:
  std::array<long long, kMaxAxes> values_{};
  int size_ = 0;
};

// The axes of a space, with the configurations they form, in a fixed order: a Cartesian space
// enumerates with the first axis outermost; a list keeps the order written. The order matters:
// a tie between two configurations goes to the earlier one.
class Space {
 public:
  struct Axis {
    std::string name;
    std::vector<long long> values;
  };
  using Constraint = std::function<bool(const Config&)>;

  Space() = default;

  // Every combination of the axes' values that `where` accepts (all of them without a constraint).
  static Space cartesian(std::vector<Axis> axes, Constraint where = {});
  // A fixed list of configurations; every row gives one value per name.
  static Space list(std::vector<std::string> names, std::vector<std::vector<long long>> rows);

  const std::vector<std::string>& axis_names() const { return names_; }
#if __cplusplus >= 201703L
  // The axis's index, or -1. (For C++17 callers, as the library is: generated sites never ask.)
  int axis_index(std::string_view name) const;
#endif
  const std::vector<Config>& configurations() const { return configs_; }
  std::size_t size() const { return configs_.size(); }

  // Identifies the space's axes and configurations: a stored result for another space is stale.
  std::uint64_t checksum() const;

  // "tile=128 occupancy=2"
  std::string describe(const Config& config) const;

 private:
  std::vector<std::string> names_;
  std::vector<Config> configs_;
};

}  // namespace tiletune
