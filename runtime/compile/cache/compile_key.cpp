#include "compile/cache/compile_key.h"

#include "hash/content_hash.h"

#include <string>

namespace tiletune::detail {
namespace {

// "name=<size>:<value>\n": unambiguous whatever the value holds, and readable in a file's header.
void add_field(std::string& key, std::string_view name, std::string_view value) {
  key.append(name).append("=").append(std::to_string(value.size())).append(":");
  key.append(value).append("\n");
}

std::string hints_text(const EntryHints& h) {
  return "maxntid " + std::to_string(h.max_threads[0]) + "," + std::to_string(h.max_threads[1]) +
         "," + std::to_string(h.max_threads[2]) + " minnctapersm " +
         std::to_string(h.min_blocks_per_sm);
}

}  // namespace

std::string front_end_key(const CompileRequest& r, std::string_view toolchain) {
  std::string key = "tiletune compile key 1\n";
  add_field(key, "toolchain", toolchain);
  // The whole source, hashed with a hash that is stable across processes (the key is also the
  // disk cache's), and its length.
  add_field(key, "source", hex64(fnv1a64(r.source)) + " " + std::to_string(r.source.size()));
  // NVRTC names the program after it in line information and in symbols of internal linkage.
  add_field(key, "source_name", r.source_name);
  add_field(key, "name_expression", r.name_expression);
  for (const std::string& option : r.options) add_field(key, "option", option);
  add_field(key, "arch", std::to_string(r.arch));
  // PTX then nvJitLink and NVRTC's own cubin are different machine code for the same source.
  add_field(key, "output", output_kind(r) == OutputKind::kCubin ? "cubin" : "ptx");
  return key;
}

std::string variant_key(const CompileRequest& r, std::string_view toolchain) {
  std::string key = front_end_key(r, toolchain);
  add_field(key, "hints", hints_text(r.hints));
  return key;
}

}  // namespace tiletune::detail
