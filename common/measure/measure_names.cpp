#include "measure/measure_names.h"

namespace tiletune::detail {

std::string_view measure_name(Measure measure) {
  switch (measure) {
    case Measure::graph:
      return "graph";
    case Measure::cold:
      return "cold";
    case Measure::eager:
      break;
  }
  return "eager";
}

std::optional<Measure> measure_named(std::string_view name) {
  for (Measure m : {Measure::eager, Measure::graph, Measure::cold})
    if (measure_name(m) == name) return m;
  return std::nullopt;
}

}  // namespace tiletune::detail
