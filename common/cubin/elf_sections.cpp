#include "cubin/elf_sections.h"

#include <elf.h>

#include <cstring>

namespace tiletune::detail {

std::optional<std::vector<ElfSection>> elf_sections(const std::vector<char>& elf) {
  Elf64_Ehdr header;
  if (elf.size() < sizeof header) return std::nullopt;
  std::memcpy(&header, elf.data(), sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_shentsize < sizeof(Elf64_Shdr) || header.e_shstrndx >= header.e_shnum)
    return std::nullopt;
  auto section = [&](std::size_t i) -> std::optional<Elf64_Shdr> {
    Elf64_Shdr s{};
    const std::size_t at = header.e_shoff + i * header.e_shentsize;
    if (at < header.e_shoff || at + sizeof s > elf.size()) return std::nullopt;
    std::memcpy(&s, elf.data() + at, sizeof s);
    return s;
  };
  const std::optional<Elf64_Shdr> names = section(header.e_shstrndx);
  if (!names) return std::nullopt;
  std::vector<ElfSection> out;
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const std::optional<Elf64_Shdr> s = section(i);
    if (!s) return std::nullopt;
    const std::size_t name_at = names->sh_offset + s->sh_name;
    if (name_at >= elf.size()) return std::nullopt;
    ElfSection entry;
    entry.name.assign(elf.data() + name_at, strnlen(elf.data() + name_at, elf.size() - name_at));
    entry.size = s->sh_size;
    if (s->sh_type != SHT_NOBITS) {
      if (s->sh_offset > elf.size() || s->sh_size > elf.size() - s->sh_offset) return std::nullopt;
      entry.bytes.assign(elf.begin() + static_cast<std::ptrdiff_t>(s->sh_offset),
                         elf.begin() + static_cast<std::ptrdiff_t>(s->sh_offset + s->sh_size));
    }
    out.push_back(std::move(entry));
  }
  return out;
}

std::optional<std::vector<char>> elf_section(const std::vector<char>& elf,
                                             const std::string& name) {
  std::optional<std::vector<ElfSection>> sections = elf_sections(elf);
  if (!sections) return std::nullopt;
  for (ElfSection& s : *sections)
    if (s.name == name) return std::move(s.bytes);
  return std::nullopt;
}

}  // namespace tiletune::detail
