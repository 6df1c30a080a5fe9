#include <tiletune/error.h>
#include <tiletune/space.h>

#include "hash/content_hash.h"
#include "text/site_text.h"

#include <string>

namespace tiletune {

Config::Config(std::initializer_list<long long> values) {
  for (long long v : values) push_back(v);
}

void Config::push_back(long long value) {
  if (size_ == kMaxAxes)
    throw Error("tiletune: a configuration has at most " + std::to_string(kMaxAxes) + " axes");
  values_[size_++] = value;
}

namespace {

void check_names(const std::vector<std::string>& names) {
  if (names.size() > static_cast<std::size_t>(Config::kMaxAxes))
    throw Error("tiletune: a space has at most " + std::to_string(Config::kMaxAxes) +
                " axes, not " + std::to_string(names.size()));
  for (std::size_t i = 0; i < names.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (names[i] == names[j]) throw Error("tiletune: axis '" + names[i] + "' appears twice");
}

}  // namespace

Space Space::cartesian(std::vector<Axis> axes, Constraint where) {
  Space space;
  for (const Axis& axis : axes) {
    if (axis.values.empty()) throw Error("tiletune: axis '" + axis.name + "' has no values");
    space.names_.push_back(axis.name);
  }
  check_names(space.names_);
  if (axes.empty()) return space;

  // Odometer over the axes, last axis fastest, so the first axis is outermost.
  std::vector<std::size_t> position(axes.size(), 0);
  for (;;) {
    Config config;
    for (std::size_t a = 0; a < axes.size(); ++a) config.push_back(axes[a].values[position[a]]);
    if (!where || where(config)) space.configs_.push_back(config);
    std::size_t a = axes.size();
    while (a > 0) {
      --a;
      if (++position[a] < axes[a].values.size()) break;
      position[a] = 0;
      if (a == 0) return space;
    }
  }
}

Space Space::list(std::vector<std::string> names, std::vector<std::vector<long long>> rows) {
  Space space;
  space.names_ = std::move(names);
  check_names(space.names_);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != space.names_.size())
      throw Error("tiletune: configuration " + std::to_string(r + 1) + " has " +
                  std::to_string(rows[r].size()) + " values for " +
                  std::to_string(space.names_.size()) + " axes");
    Config config;
    for (long long v : rows[r]) config.push_back(v);
    space.configs_.push_back(config);
  }
  return space;
}

int Space::axis_index(std::string_view name) const {
  for (std::size_t i = 0; i < names_.size(); ++i)
    if (names_[i] == name) return static_cast<int>(i);
  return -1;
}

std::uint64_t Space::checksum() const {
  // Each name with its terminating NUL, then every configuration's values as stored.
  std::uint64_t h = detail::kFnv1aOffset;
  for (const std::string& name : names_) h = detail::fnv1a64({name.c_str(), name.size() + 1}, h);
  for (const Config& c : configs_)
    for (int i = 0; i < c.size(); ++i) {
      const long long v = c[i];
      h = detail::fnv1a64({reinterpret_cast<const char*>(&v), sizeof v}, h);
    }
  return h;
}

std::string Space::describe(const Config& config) const {
  return detail::config_text(names_, config);
}

}  // namespace tiletune
