// The sections of a cubin (a 64-bit ELF file), by name, for comparing machine code: whole cubins
// also carry things that do not change what runs (the PTX they came from under -lineinfo, the
// `.minnctapersm` hint as an attribute, symbol names).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tiletune::detail {

struct ElfSection {
  std::string name;
  std::vector<char> bytes;      // empty for a section that takes no room in the file (.nv.shared.*)
  unsigned long long size = 0;  // in memory
};

// Every section in file order, or nothing when `elf` is not a well-formed ELF64 file.
std::optional<std::vector<ElfSection>> elf_sections(const std::vector<char>& elf);

// The contents of section `name`, or nothing when the file has no such section or is not ELF64.
std::optional<std::vector<char>> elf_section(const std::vector<char>& elf, const std::string& name);

}  // namespace tiletune::detail
