// Opening the CUDA driver where there is none: the error says so, and why.
#include <gtest/gtest.h>

#include <string>

#include <tiletune/error.h>

#include "device/cuda_device.h"

namespace tiletune::detail {
namespace {

std::string error_opening(const std::string& library) {
  try {
    open_cuda_device(library);
  } catch (const Error& e) {
    return e.what();
  }
  return "(opened)";
}

TEST(CudaDevice, TheToolkitsStubLibrarySaysNoDriverWasFound) {
  const std::string error = error_opening(TILETUNE_CUDA_STUB_LIBRARY);
  EXPECT_NE(error.find("no CUDA driver was found"), std::string::npos) << error;
  EXPECT_NE(error.find(TILETUNE_CUDA_STUB_LIBRARY), std::string::npos) << error;
  EXPECT_NE(error.find("stub library"), std::string::npos) << error;
  EXPECT_EQ(error.find("12.0"), std::string::npos) << error;
}

TEST(CudaDevice, ALibraryThatIsNotThereSaysNoDriver) {
  const std::string error = error_opening("libcuda-not-here.so.1");
  EXPECT_NE(error.find("no CUDA driver on this machine (libcuda-not-here.so.1 could not be opened"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace tiletune::detail
