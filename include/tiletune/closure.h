// A lambda's closure type under a name generated code can spell. A kernel template launched with a
// lambda from a function template's body (a generic `for_each(n, f)` that launches
// `for_each_kernel<<<...>>>(n, f)`) is a site per instantiation of that template, each specialised
// by its template arguments at namespace scope, where a closure type has no name. The tool writes
// each such lambda as tiletune::closure<line, column>([...] ...): the same closure, as a class
// derived from it that adds nothing (the same bytes, the same call), whose type names the lambda by
// where it is written.
#pragma once

namespace tiletune {

template <unsigned _TtLine, unsigned _TtColumn, class _TtClosure>
struct Closure : _TtClosure {
  explicit Closure(const _TtClosure& __tt_closure) : _TtClosure(__tt_closure) {}
};

template <unsigned _TtLine, unsigned _TtColumn, class _TtClosure>
Closure<_TtLine, _TtColumn, _TtClosure> closure(const _TtClosure& __tt_closure) {
  return Closure<_TtLine, _TtColumn, _TtClosure>(__tt_closure);
}

}  // namespace tiletune
