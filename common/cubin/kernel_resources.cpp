#include "cubin/kernel_resources.h"
#include "cubin/elf_sections.h"

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace tiletune::detail {
namespace {

// `.nv.info` attributes whose value is two 32-bit words, the function's index in `.symtab` and the
// value.
constexpr unsigned char kFrameSize = 0x11;      // EIATTR_FRAME_SIZE: the function's own frame
constexpr unsigned char kMinStackSize = 0x12;   // EIATTR_MIN_STACK_SIZE: with its callees'
constexpr unsigned char kRegisterCount = 0x2f;  // EIATTR_REGCOUNT
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

// The `.nv.info` attributes of the function at `index`, into `out`; false at a record that runs
// past the section (what was read before it stays).
bool read_attributes(const std::vector<char>& info, std::uint32_t index, KernelResources& out) {
  long long frame = -1;
  for (std::size_t at = 0; at + 4 <= info.size();) {
    const auto format = static_cast<unsigned char>(info[at]);
    const auto attribute = static_cast<unsigned char>(info[at + 1]);
    const std::size_t length = format == kSizedValue ? read_at<std::uint16_t>(info, at + 2) : 0;
    if (at + 4 + length > info.size()) return false;
    if (length == 8 && read_at<std::uint32_t>(info, at + 4) == index) {
      const std::uint32_t value = read_at<std::uint32_t>(info, at + 8);
      if (attribute == kRegisterCount) out.registers = static_cast<int>(value);
      if (attribute == kMinStackSize) out.stack = value;
      if (attribute == kFrameSize) frame = value;
    }
    at += 4 + length;
  }
  if (out.stack < 0) out.stack = frame;
  return true;
}

}  // namespace

KernelResources kernel_resources(const std::vector<char>& cubin, std::string_view entry) {
  KernelResources out;
  const std::optional<std::vector<char>> symbols = elf_section(cubin, ".symtab");
  const std::optional<std::vector<char>> names = elf_section(cubin, ".strtab");
  const std::optional<std::vector<char>> info = elf_section(cubin, ".nv.info");
  if (!symbols || !names || !info) return out;
  const std::optional<std::uint32_t> index = symbol_index(*symbols, *names, entry);
  if (!index) return out;
  if (!read_attributes(*info, *index, out)) return KernelResources{};
  out.static_shared = 0;
  const std::string shared = ".nv.shared." + std::string(entry);
  if (const auto sections = elf_sections(cubin))
    for (const ElfSection& section : *sections)
      if (section.name == shared) out.static_shared = static_cast<long long>(section.size);
  return out;
}

}  // namespace tiletune::detail
