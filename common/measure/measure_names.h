// The names of the ways a sample is timed (tiletune::Measure), as the annotation's `measure`,
// TILETUNE_MEASURE, the tuning table and the results file write them.
#pragma once

#include <tiletune/tuning_options.h>

#include <optional>
#include <string_view>

namespace tiletune::detail {

// "eager", "graph" or "cold".
std::string_view measure_name(Measure measure);

// The mode named `name`, or nullopt.
std::optional<Measure> measure_named(std::string_view name);

// "eager, graph, cold", for messages that list what is accepted.
constexpr std::string_view kMeasureNameList = "eager, graph, cold";

}  // namespace tiletune::detail
