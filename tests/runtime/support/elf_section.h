// The bytes of one section of a cubin (a 64-bit ELF file), for tests that compare machine code:
// whole cubins also embed the PTX they came from (`.nv_debug_ptx_txt`, under -lineinfo), which
// differs between a kernel compiled alone and the same kernel compiled in a batch.
#pragma once

#include <elf.h>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace tiletune::testing {

// The contents of section `name`, or nothing when the file has no such section or is not ELF64.
inline std::optional<std::vector<char>> elf_section(const std::vector<char>& elf,
                                                    const std::string& name) {
  Elf64_Ehdr header;
  if (elf.size() < sizeof header) return std::nullopt;
  std::memcpy(&header, elf.data(), sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64)
    return std::nullopt;
  auto section = [&](std::size_t i) {
    Elf64_Shdr s{};
    const std::size_t at = header.e_shoff + i * header.e_shentsize;
    if (at + sizeof s <= elf.size()) std::memcpy(&s, elf.data() + at, sizeof s);
    return s;
  };
  const Elf64_Shdr names = section(header.e_shstrndx);
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const Elf64_Shdr s = section(i);
    const std::size_t at = names.sh_offset + s.sh_name;
    if (at >= elf.size() || name != std::string(elf.data() + at)) continue;
    if (s.sh_type == SHT_NOBITS || s.sh_offset + s.sh_size > elf.size()) return std::vector<char>{};
    return std::vector<char>(elf.begin() + static_cast<std::ptrdiff_t>(s.sh_offset),
                             elf.begin() + static_cast<std::ptrdiff_t>(s.sh_offset + s.sh_size));
  }
  return std::nullopt;
}

}  // namespace tiletune::testing
