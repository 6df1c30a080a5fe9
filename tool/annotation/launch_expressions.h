// The annotation's expressions that take part in a launch, where `$name` stands for an axis value
// (or, in the key, is refused): those of the keywords evaluated at each launch or per configuration
// (annotation/keywords.h: where, key, blocks, threads, shmem, stream), then the kernel's template
// arguments and arguments. Not the space's own expression, nor the measurement options.
#pragma once

#include "annotation/annotation.h"
#include "annotation/keywords.h"

namespace tiletune::tool {

// Calls f(const Expr&) for each, in that order.
template <class F>
void for_each_launch_expression(const Annotation& a, F&& f) {
  for (const Keyword& k : kKeywords)
    if (k.evaluated == Evaluated::per_launch || k.evaluated == Evaluated::per_configuration)
      for_each_expression(a, k, f);
  if (a.call) {
    for (const Expr& e : a.call->template_args) f(e);
    for (const Argument& arg : a.call->args) f(arg.expr);
  }
}

}  // namespace tiletune::tool
