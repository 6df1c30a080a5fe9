#include "tune/run_identity.h"

#include "cubin/elf_sections.h"

#include <optional>
#include <string_view>
#include <vector>

namespace tiletune::detail {
namespace {

bool changes_what_runs(std::string_view section) {
  for (std::string_view skipped :
       {".nv_debug", ".debug", ".nv.info", ".note", ".symtab", ".strtab", ".shstrtab"})
    if (section.starts_with(skipped)) return false;
  return true;
}

// The kernels in a cubin other than `entry`: one cubin of a batch holds every kernel of it
// (nvrtc_compiler.h), and what runs is only the entry's own code. Each kernel, and only a kernel,
// has its parameter bank .nv.constant0.<name>.
std::vector<std::string> other_kernels(const std::vector<ElfSection>& sections,
                                       const std::string& entry) {
  constexpr std::string_view kParameters = ".nv.constant0.";
  std::vector<std::string> out;
  for (const ElfSection& s : sections)
    if (s.name.starts_with(kParameters) && s.name.substr(kParameters.size()) != entry)
      out.push_back(s.name.substr(kParameters.size()));
  return out;
}

// Whether `section` is another kernel's own (".text.<name>", ".nv.constant0.<name>", ...).
bool belongs_to_one_of(std::string_view section, const std::vector<std::string>& kernels) {
  for (const std::string& k : kernels)
    if (section.size() > k.size() && section.ends_with(k) &&
        section[section.size() - k.size() - 1] == '.')
      return true;
  return false;
}

std::string without_entry(std::string name, const std::string& entry) {
  if (entry.empty()) return name;
  for (std::size_t at = name.find(entry); at != std::string::npos; at = name.find(entry, at))
    name.replace(at, entry.size(), "<entry>");
  return name;
}

void add_dim(std::string& out, const Dim& d) {
  out += std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + " ";
}

}  // namespace

std::string run_identity(const CompiledKernel& kernel, const Geometry& geometry, int cluster) {
  std::string out = "registers " + std::to_string(kernel.registers) + " grid ";
  add_dim(out, geometry.blocks);
  out += "block ";
  add_dim(out, geometry.threads);
  out += "shmem " + std::to_string(geometry.shmem) + " cluster " + std::to_string(cluster) + "\n";
  const std::optional<std::vector<ElfSection>> sections = elf_sections(kernel.cubin);
  if (!sections) return out.append(kernel.cubin.begin(), kernel.cubin.end());
  const std::vector<std::string> others = other_kernels(*sections, kernel.entry);
  for (const ElfSection& s : *sections) {
    if (!changes_what_runs(s.name) || belongs_to_one_of(s.name, others)) continue;
    out += without_entry(s.name, kernel.entry) + " " + std::to_string(s.size) + " " +
           std::to_string(s.bytes.size()) + ":";
    out.append(s.bytes.begin(), s.bytes.end());
  }
  return out;
}

}  // namespace tiletune::detail
