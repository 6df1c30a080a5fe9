// tiletune::symbol_memory, which the generated code calls for each variable a tuned kernel shares
// with host code: with a GPU, the application's copy (address and size); without one, an Error that
// names the variable and the CUDA runtime's reason.
#include <tiletune/tiletune.h>

#include "gpu_test_support.h"

#include <gtest/gtest.h>

#include <string>

__constant__ float table[4];

TEST(DeviceSymbol, TheApplicationsCopyOrAnErrorNamingTheVariable) {
  if (tiletune::testing::gpu_unavailable_reason().empty()) {
    const tiletune::SymbolMemory memory = tiletune::symbol_memory(table, "::table");
    EXPECT_NE(memory.address, nullptr);
    EXPECT_EQ(memory.bytes, sizeof table);
    return;
  }
  try {
    tiletune::symbol_memory(table, "::table");
    ADD_FAILURE() << "no error without a GPU";
  } catch (const tiletune::Error& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("tiletune: the application's copy of '::table' cannot be found: ", 0), 0u)
        << what;
  }
}
