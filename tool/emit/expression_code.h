// An annotation expression as generated code: `$name` replaced by the configuration's value (or
// kept, for the runtime), `cld` by tiletune's, whitespace collapsed onto one line; each piece
// remembers the user's line it was written on.
#pragma once

#include "check/site_checks.h"
#include "emit/code_layout.h"

#include <string>
#include <vector>

namespace tiletune::tool {

class ExpressionCode {
 public:
  // `axes_array` names the array of an opaque space's axis indices (see dollar_names()); the
  // annotation's text starts on the user's line `text_line`.
  ExpressionCode(const CheckedSite& site, std::string axes_array, unsigned text_line);

  // In code that runs per configuration: `$name` is the configuration's value, tt_cfg[i], an int
  // where every value of a literal space's axis fits one. An opaque space's axes are known at run
  // time only: their indices, looked up by name once, are in the axes array, in the order of
  // dollar_names(), and their values long long.
  Code runtime(const Expr& e) const;

  // `where` as runtime() writes it, each name of a constant as the value Clang gave it
  // (SiteLaunches::where_names): the space is built where a local constant of the launching
  // function is out of scope, and a scoped enumerator does not compare with an integer.
  Code where(const Expr& where) const;

  // In the kernel's pointer type, which the checks proved the same for every configuration:
  // `$name` is the first configuration's value, or for an opaque space (whose values are unknown
  // here) any value, 1.
  Code first_config(const Expr& e) const;

  // As written (no `$` allowed there), on one line.
  Code as_written(const Expr& e) const;

  // With `$name` kept, for the runtime to substitute.
  std::string with_dollars(const Expr& e) const;

  // Every `$name` the launch uses, in order of first use.
  const std::vector<std::string>& dollar_names() const { return dollar_names_; }

 private:
  unsigned line_of(const Expr& e) const;
  int axis_index(const std::string& name) const;
  bool fits_int(int axis) const;

  const CheckedSite& site_;
  std::string axes_array_;
  unsigned text_line_;
  std::vector<std::string> dollar_names_;
};

}  // namespace tiletune::tool
