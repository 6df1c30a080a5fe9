// What the public headers need of the language, written for C++11: a user's translation unit
// includes them with the user's -std (nvcc accepts -std=c++11 and c++14 programs, and so does
// tiletune), while the library itself is C++20. Nothing here is for users.
#pragma once

#include <cstddef>

// A constant of a public header: one object in the program from C++17 on (an inline variable);
// before, each translation unit's own copy of the same value.
#if __cplusplus >= 201703L
#define TILETUNE_DETAIL_CONSTANT inline constexpr
#else
#define TILETUNE_DETAIL_CONSTANT constexpr
#endif

namespace tiletune {
namespace detail {

// std::index_sequence, which C++11 lacks.
template <std::size_t... I>
struct Indices {};
template <std::size_t N, std::size_t... I>
struct MakeIndices : MakeIndices<N - 1, N - 1, I...> {};
template <std::size_t... I>
struct MakeIndices<0, I...> {
  using type = Indices<I...>;
};
template <class... T>
using IndicesFor = typename MakeIndices<sizeof...(T)>::type;

// Whether any of `B...` is true (a fold expression before C++17).
template <bool... B>
struct AnyOf;
template <>
struct AnyOf<> {
  static constexpr bool value = false;
};
template <bool First, bool... Rest>
struct AnyOf<First, Rest...> {
  static constexpr bool value = First || AnyOf<Rest...>::value;
};

}  // namespace detail
}  // namespace tiletune
