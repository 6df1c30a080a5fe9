// Finding a kernel's definition in PTX text, and dropping the definitions of other kernels: a
// front end run for several configurations at once yields one module holding every kernel, and
// each configuration's machine code is built from that module narrowed to its own kernel.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiletune::detail {

// Where the definition of `.entry <name>` lies in a PTX module.
struct EntrySpan {
  std::size_t line_begin;  // the start of the line holding `.entry`
  std::size_t directives;  // just after the parameter list: where .maxntid and the like go
  std::size_t body;        // the `{` that opens the body
  std::size_t end;         // one past the `}` that closes it
};

// The definition of `.entry <name>`, or nothing: declarations (`.extern .entry f(...);`), entries
// whose name merely starts with `name`, and mentions in comments are skipped.
std::optional<EntrySpan> find_entry(std::string_view ptx, std::string_view name);

// `ptx` without the definitions of the entries in `others`. Throws tiletune::Error naming one
// that has no definition there, since that means the module is not what the caller thinks.
std::string without_entries(std::string_view ptx, const std::vector<std::string>& others);

}  // namespace tiletune::detail
