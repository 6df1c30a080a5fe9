#include "cubin/cubin_registers.h"
#include "cubin/kernel_resources.h"

namespace tiletune::detail {

int registers_in_cubin(const std::vector<char>& cubin, std::string_view entry) {
  return kernel_resources(cubin, entry).registers;
}

}  // namespace tiletune::detail
