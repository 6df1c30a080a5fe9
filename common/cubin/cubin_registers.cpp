#include "cubin/cubin_registers.h"
#include "cubin/elf_sections.h"

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <optional>

namespace tiletune::detail {
namespace {

// The `.nv.info` attribute that gives a function's register count; its value is two 32-bit words,
// the function's index in `.symtab` and the count.
constexpr unsigned char kRegisterCount = 0x2f;
// Attribute formats: only EIFMT_SVAL records carry a 16-bit length and that many bytes after the
// 4-byte header; the others hold their value inside the header.
constexpr unsigned char kSizedValue = 0x04;

template <typename T>
T read_at(const std::vector<char>& bytes, std::size_t at) {
  T value;
  std::memcpy(&value, bytes.data() + at, sizeof value);
  return value;
}

// The index in `.symtab` of the symbol named `name`, or nothing.
std::optional<std::uint32_t> symbol_index(const std::vector<char>& symbols,
                                          const std::vector<char>& names, std::string_view name) {
  for (std::size_t at = 0; at + sizeof(Elf64_Sym) <= symbols.size(); at += sizeof(Elf64_Sym)) {
    const auto symbol = read_at<Elf64_Sym>(symbols, at);
    if (symbol.st_name >= names.size()) continue;
    const char* text = names.data() + symbol.st_name;
    const std::size_t length = strnlen(text, names.size() - symbol.st_name);
    if (std::string_view(text, length) == name)
      return static_cast<std::uint32_t>(at / sizeof(Elf64_Sym));
  }
  return std::nullopt;
}

}  // namespace

int registers_in_cubin(const std::vector<char>& cubin, std::string_view entry) {
  const std::optional<std::vector<char>> symbols = elf_section(cubin, ".symtab");
  const std::optional<std::vector<char>> names = elf_section(cubin, ".strtab");
  const std::optional<std::vector<char>> info = elf_section(cubin, ".nv.info");
  if (!symbols || !names || !info) return -1;
  const std::optional<std::uint32_t> index = symbol_index(*symbols, *names, entry);
  if (!index) return -1;
  for (std::size_t at = 0; at + 4 <= info->size();) {
    const auto format = static_cast<unsigned char>((*info)[at]);
    const auto attribute = static_cast<unsigned char>((*info)[at + 1]);
    const std::size_t length = format == kSizedValue ? read_at<std::uint16_t>(*info, at + 2) : 0;
    if (at + 4 + length > info->size()) return -1;  // a record that runs past the section
    if (attribute == kRegisterCount && length == 8 &&
        read_at<std::uint32_t>(*info, at + 4) == *index)
      return static_cast<int>(read_at<std::uint32_t>(*info, at + 8));
    at += 4 + length;
  }
  return -1;
}

}  // namespace tiletune::detail
