// A lambda's closure type under a name generated code can spell. A kernel template launched with a
// lambda from a function template's body (a generic `for_each(n, f)` that launches
// `for_each_kernel<<<...>>>(n, f)`) is a site per instantiation of that template, each specialised
// by its template arguments at namespace scope, where a closure type has no name. The tool writes
// each such lambda as tiletune::closure<line, column>([...] ...): the same closure, as a class
// derived from it that adds nothing (the same bytes, the same call), whose type names the lambda by
// where it is written. A lambda inside a template has a closure per instantiation of it: the
// template's parameters follow (tiletune::closure<line, column, T>), types as they are, a value N
// as std::integral_constant<decltype(N), N>.
#pragma once

#include <type_traits>

namespace tiletune {

template <unsigned _TtLine, unsigned _TtColumn, class _TtClosure, class... _TtContext>
struct Closure : _TtClosure {
  explicit Closure(const _TtClosure& __tt_closure) : _TtClosure(__tt_closure) {}
};

template <unsigned _TtLine, unsigned _TtColumn, class... _TtContext, class _TtClosure>
Closure<_TtLine, _TtColumn, _TtClosure, _TtContext...> closure(const _TtClosure& __tt_closure) {
  return Closure<_TtLine, _TtColumn, _TtClosure, _TtContext...>(__tt_closure);
}

}  // namespace tiletune
