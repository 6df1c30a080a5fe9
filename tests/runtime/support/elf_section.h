// The bytes of one section of a cubin, for tests that compare machine code: whole cubins also
// embed the PTX they came from (`.nv_debug_ptx_txt`, under -lineinfo), which differs between a
// kernel compiled alone and the same kernel compiled in a batch.
#pragma once

#include "cubin/elf_sections.h"

namespace tiletune::testing {

using detail::elf_section;

}  // namespace tiletune::testing
