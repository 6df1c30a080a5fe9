# CUDA::nvJitLink, which FindCUDAToolkit defines from CMake 3.26 on: for CMake 3.25 the same
# imported target, from the toolkit's library folder. Included after find_package(CUDAToolkit),
# by the build and by the installed package's tiletuneConfig.cmake.
if(NOT TARGET CUDA::nvJitLink)
  find_library(TILETUNE_NVJITLINK_LIBRARY nvJitLink HINTS ${CUDAToolkit_LIBRARY_DIR}
               NO_DEFAULT_PATH REQUIRED)
  add_library(CUDA::nvJitLink SHARED IMPORTED)
  set_target_properties(CUDA::nvJitLink PROPERTIES
    IMPORTED_LOCATION "${TILETUNE_NVJITLINK_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CUDAToolkit_INCLUDE_DIRS}")
endif()
