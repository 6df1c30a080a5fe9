#include "annotation/axis_lookup.h"

#include <variant>

namespace tiletune::tool {

const Axis* axis_named(const Annotation& a, const std::string& name) {
  if (!a.space) return nullptr;
  if (const auto* cartesian = std::get_if<CartesianSpace>(&*a.space)) {
    for (const Axis& axis : cartesian->axes)
      if (axis.name == name) return &axis;
  } else if (const auto* list = std::get_if<ListSpace>(&*a.space)) {
    if (!list->entries.empty())
      for (const Axis& field : list->entries.front().fields)
        if (field.name == name) return &field;
  }
  return nullptr;
}

}  // namespace tiletune::tool
