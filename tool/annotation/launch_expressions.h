// The annotation's expressions that take part in a launch, where `$name` stands for an axis value
// (or, in the key, is refused): where, key, blocks, threads, shmem, stream, the kernel's template
// arguments and arguments. Not the space's own expression, nor the measurement options.
#pragma once

#include "annotation/annotation.h"

namespace tiletune::tool {

// Calls f(const Expr&) for each, in that order.
template <class F>
void for_each_launch_expression(const Annotation& a, F&& f) {
  auto dims = [&](const std::optional<Dims>& d) {
    if (d)
      for (const Expr& e : d->exprs) f(e);
  };
  if (a.where) f(*a.where);
  if (a.key)
    for (const Expr& e : *a.key) f(e);
  dims(a.blocks);
  dims(a.threads);
  if (a.shmem) f(*a.shmem);
  if (a.stream) f(*a.stream);
  if (a.call) {
    for (const Expr& e : a.call->template_args) f(e);
    for (const Argument& arg : a.call->args) f(arg.expr);
  }
}

}  // namespace tiletune::tool
