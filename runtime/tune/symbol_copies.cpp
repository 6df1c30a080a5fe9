#include "tune/symbol_copies.h"

#include "tune/site_variant.h"

#include <tiletune/error.h>

#include <cstdint>
#include <string>

namespace tiletune::detail {

std::vector<SymbolCopy> symbol_copies(Device& device, const SiteInfo& site,
                                      FunctionHandle function) {
  std::vector<SymbolCopy> copies;
  for (const DeviceSymbol& symbol : site.symbols) {
    SymbolCopy copy;
    copy.module = device.global(function, symbol.name, copy.bytes);
    if (!copy.module) continue;
    const SymbolMemory application = symbol.memory();
    if (application.bytes != copy.bytes)
      throw Error(site_location(site) + ": tiletune: the tuned kernel's copy of '" + symbol.name +
                  "' has " + std::to_string(copy.bytes) + " bytes, the application's " +
                  std::to_string(application.bytes));
    copy.application = reinterpret_cast<std::uintptr_t>(application.address);
    copy.copy_back = symbol.copy_back;
    copies.push_back(copy);
  }
  return copies;
}

void copy_symbols_in(Device& device, const std::vector<SymbolCopy>& copies, CUstream stream) {
  for (const SymbolCopy& c : copies) device.copy(c.module, c.application, c.bytes, stream);
}

void copy_symbols_back(Device& device, const std::vector<SymbolCopy>& copies, CUstream stream) {
  for (const SymbolCopy& c : copies)
    if (c.copy_back) device.copy(c.application, c.module, c.bytes, stream);
}

}  // namespace tiletune::detail
