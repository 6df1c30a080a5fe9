// FNV-1a 64: a content hash that is the same in every process, build and machine (std::hash is
// none of these), so that a key computed in one process finds a file another process wrote.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tiletune::detail {

inline constexpr std::uint64_t kFnv1aOffset = 0xcbf29ce484222325ull;

constexpr std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash = kFnv1aOffset) {
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  return hash;
}

// 16 lower-case hex digits.
inline std::string hex64(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4)
    text[static_cast<std::size_t>(i)] = kDigits[value & 15];
  return text;
}

}  // namespace tiletune::detail
