// A site's identity for the results file: what the tuned result depends on in the source, and
// nothing else. Same code, same id, wherever the file is and whatever line the site is on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tiletune::tool {

// 16 hex digits: a hash of the device source (the slice, without its #line directives, which
// hold the file's path and lines) and of the annotation's text; for a site in a template, or
// whose template arguments Clang deduced or name local constants, also of `instantiation` (the
// kernel as that launch instantiates it): each instantiation is a site of its own; and of the
// site's NVRTC options (CheckedSite::nvrtc_options: the file's standard, the user's nvcc flags):
// the same kernel in C++11 and in C++20, or with and without -use_fast_math, is compiled apart,
// and so tuned apart. Include directories are left out: they say where files are, not what the
// code is, and a build in another directory shares its results. Each text's CRLF line ends are read
// as LF, so a CRLF checkout of a file shares its LF copy's identities (and LF text hashes as it
// always has).
std::string site_id(std::string_view device_source, std::string_view annotation_text,
                    std::string_view instantiation, const std::vector<std::string>& options);

// The file's name for messages: its last component, never a path that names the machine.
std::string display_name(std::string_view file);

}  // namespace tiletune::tool
