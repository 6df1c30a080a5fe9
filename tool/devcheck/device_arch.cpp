#include "devcheck/device_arch.h"

#include <optional>
#include <string_view>

namespace tiletune::tool {
namespace {

// The number after the first "sm_" or "compute_" in `value`, if any.
std::optional<int> arch_number(std::string_view value) {
  for (std::string_view prefix : {"sm_", "compute_"}) {
    const std::size_t at = value.find(prefix);
    if (at == std::string_view::npos) continue;
    int number = 0;
    std::size_t i = at + prefix.size();
    for (; i < value.size() && value[i] >= '0' && value[i] <= '9'; ++i)
      number = number * 10 + (value[i] - '0');
    if (i > at + prefix.size()) return number;
  }
  return std::nullopt;
}

}  // namespace

int device_check_arch(const std::vector<std::string>& flags) {
  for (std::size_t i = 0; i < flags.size(); ++i) {
    const std::string_view flag = flags[i];
    std::string_view value;
    for (std::string_view name : {"-arch", "--gpu-architecture", "-gencode", "--generate-code"}) {
      if (flag == name && i + 1 < flags.size()) value = flags[i + 1];
      if (flag.size() > name.size() && flag.substr(0, name.size()) == name &&
          flag[name.size()] == '=')
        value = flag.substr(name.size() + 1);
    }
    if (std::optional<int> number = arch_number(value)) return *number;
  }
  return kDefaultDeviceCheckArch;
}

}  // namespace tiletune::tool
