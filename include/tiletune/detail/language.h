// What the public headers need of the language, written for C++11: a user's translation unit
// includes them with the user's -std (nvcc accepts -std=c++11 and c++14 programs, and so does
// tiletune), while the library itself is C++20. Nothing here is for users.
//
// The user's translation unit also defines its own macros before it includes these headers
// (`#define N 4096`, `#define BLOCK 256`, `#define min(a, b) ...`): every header under
// include/tiletune/ names its template parameters `_TtName` and its function parameters and locals
// `__tt_name`: reserved names, which no program may define.
#pragma once

#include <cstddef>

// A constant of a public header: one object in the program from C++17 on (an inline variable);
// before, each translation unit's own copy of the same value.
#if __cplusplus >= 201703L
#define TILETUNE_DETAIL_CONSTANT inline constexpr
#else
#define TILETUNE_DETAIL_CONSTANT constexpr
#endif

// A function that only reports an error, kept out of line and out of the hot code, so that the
// check that calls it stays small enough to be inlined into every launch.
#if defined(__GNUC__) || defined(__clang__)
#define TILETUNE_DETAIL_COLD __attribute__((noinline, cold))
#else
#define TILETUNE_DETAIL_COLD
#endif

namespace tiletune {
namespace detail {

// std::index_sequence, which C++11 lacks.
template <std::size_t... _TtI>
struct Indices {};
template <std::size_t _TtN, std::size_t... _TtI>
struct MakeIndices : MakeIndices<_TtN - 1, _TtN - 1, _TtI...> {};
template <std::size_t... _TtI>
struct MakeIndices<0, _TtI...> {
  using type = Indices<_TtI...>;
};
template <class... _TtT>
using IndicesFor = typename MakeIndices<sizeof...(_TtT)>::type;

// Whether any of `_TtB...` is true (a fold expression before C++17).
template <bool... _TtB>
struct AnyOf;
template <>
struct AnyOf<> {
  static constexpr bool value = false;
};
template <bool _TtFirst, bool... _TtRest>
struct AnyOf<_TtFirst, _TtRest...> {
  static constexpr bool value = _TtFirst || AnyOf<_TtRest...>::value;
};

}  // namespace detail
}  // namespace tiletune
