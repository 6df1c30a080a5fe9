# Running the tiletune tool before nvcc.
#
#   tiletune_add_sources(target file.cu ...)
#     Rewrites each .cu file that holds annotations, or includes a header of the project's that
#     does, into the build tree (tiletune/<target>/<its path>.tiletune.cu, the headers into copies
#     in <that>.headers/, which the rewritten file includes) and compiles the rewritten file as part
#     of `target`; the project must enable CUDA. The tool gets the target's include directories,
#     compile definitions and CUDA_STANDARD, and a flags file (tiletune/<target>/nvcc-options-
#     <config>.txt) with the target's CUDA compile options (its own and those it links, generator
#     expressions evaluated for CUDA) and CMAKE_CUDA_FLAGS with the configuration's: of those it
#     takes what changes parsing (-std=, -D, -I, --extended-lambda, ...) and what shapes the device
#     code, which reaches the tuned kernels (-use_fast_math, -G, -lineinfo, -maxrregcount, -Xptxas,
#     ...). It writes a depfile, so Ninja re-runs it when the .cu file or any header it includes
#     changes. Its NVRTC device check compiles for the target's first CUDA_ARCHITECTURES entry
#     (else nvcc's default, sm_75) and keeps its passes in the build tree (tiletune-device-check/), so an
#     unchanged site costs nothing on a rebuild.
#
#   tiletune_rewrite(OUT_VAR file.cu ...)
#     The same rewriting without a target: OUT_VAR receives the rewritten files' names. Its device
#     check compiles for the first entry of CMAKE_CUDA_ARCHITECTURES (else nvcc's default).
#
# TILETUNE_EXECUTABLE names the tool (a target in the source tree, a path in an installed package).

# The rewritten files are compiled as CUDA: without the language, CMake would drop them from the
# target without a word.
function(_tiletune_require_cuda caller)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT CUDA IN_LIST languages)
    message(FATAL_ERROR
      "${caller}: the CUDA language is not enabled in this project, so the rewritten .cu files "
      "would not be compiled. Add CUDA to the languages, as in project(NAME LANGUAGES CXX CUDA), "
      "or call enable_language(CUDA) before ${caller}.")
  endif()
endfunction()

# Where the rewrite of `absolute` goes: its path below the source directory (the absolute path
# outside it), in a folder per target, so that heat/kernels.cu and norm/kernels.cu, or one file in
# two targets, never share an output.
function(_tiletune_rewritten_path absolute target out_var)
  file(RELATIVE_PATH relative ${CMAKE_CURRENT_SOURCE_DIR} ${absolute})
  if(relative MATCHES "^\\.\\./" OR IS_ABSOLUTE "${relative}")
    string(REGEX REPLACE "^/+" "" relative "${absolute}")
    set(relative "_root/${relative}")
  endif()
  string(REGEX REPLACE "\\.cu$" "" relative "${relative}")
  if(target)
    set(folder ${CMAKE_CURRENT_BINARY_DIR}/tiletune/${target})
  else()
    set(folder ${CMAKE_CURRENT_BINARY_DIR}/tiletune/_rewrite)
  endif()
  set(${out_var} ${folder}/${relative}.tiletune.cu PARENT_SCOPE)
endfunction()

# The target's nvcc flags for the tool (--flags-file), one per line as COMPILE_OPTIONS holds them:
# generated (once per target) with the target's generator expressions evaluated for CUDA, which a
# custom command cannot do, and with CMAKE_CUDA_FLAGS and the configuration's as SHELL: lines.
function(_tiletune_flags_file target out_var)
  set(file ${CMAKE_CURRENT_BINARY_DIR}/tiletune/${target}/nvcc-options-$<CONFIG>.txt)
  set(${out_var} ${file} PARENT_SCOPE)
  get_property(done TARGET ${target} PROPERTY _TILETUNE_FLAGS_FILE SET)
  if(done)
    return()
  endif()
  set_property(TARGET ${target} PROPERTY _TILETUNE_FLAGS_FILE ${file})
  set(lines "SHELL:${CMAKE_CUDA_FLAGS}")
  foreach(config IN LISTS CMAKE_CONFIGURATION_TYPES CMAKE_BUILD_TYPE)
    string(TOUPPER "${config}" upper)
    if(DEFINED CMAKE_CUDA_FLAGS_${upper})
      string(APPEND lines "\n$<$<CONFIG:${config}>:SHELL:${CMAKE_CUDA_FLAGS_${upper}}>")
    endif()
  endforeach()
  string(APPEND lines "\n$<JOIN:$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>,\n>\n")
  file(GENERATE OUTPUT ${file} CONTENT "${lines}" TARGET ${target}
       CONDITION $<COMPILE_LANGUAGE:CUDA>)
endfunction()

function(_tiletune_rewrite_one source target out_var)
  get_filename_component(absolute ${source} ABSOLUTE)
  get_filename_component(directory ${absolute} DIRECTORY)
  _tiletune_rewritten_path(${absolute} "${target}" rewritten)
  set(depfile ${rewritten}.d)
  get_filename_component(rewritten_directory ${rewritten} DIRECTORY)
  file(MAKE_DIRECTORY ${rewritten_directory})
  # Kept as single strings (quoted below): the ';' inside the generator expressions must not split
  # them before they are evaluated. COMMAND_EXPAND_LISTS splits the results into arguments.
  set(include_flags "")
  set(definition_flags "")
  set(standard_flag "")
  set(arch_flag "")
  set(flags_file_option "")
  set(flags_file "")
  if(target)
    set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
    set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
    set(standard "$<TARGET_PROPERTY:${target},CUDA_STANDARD>")
    set(include_flags "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>")
    set(definition_flags "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>")
    set(standard_flag "$<$<BOOL:${standard}>:-std=c++${standard}>")
    # The compile options follow in the flags file, after the standard above: a -std= there wins,
    # as it does for nvcc.
    _tiletune_flags_file(${target} flags_file)
    set(flags_file_option --flags-file ${flags_file})
    # The device check reads the number after sm_ up to the first non-digit: "80;90-real" becomes
    # sm_80_90-real, checked for 80; native and all carry no number and leave the default.
    set(architectures "$<TARGET_PROPERTY:${target},CUDA_ARCHITECTURES>")
    set(arch_flag "$<$<BOOL:${architectures}>:--gpu-architecture=sm_$<JOIN:${architectures},_>>")
  elseif(CMAKE_CUDA_ARCHITECTURES)
    # Without a target, the architectures the targets that compile the rewritten file get unless
    # they say otherwise.
    list(JOIN CMAKE_CUDA_ARCHITECTURES "_" architectures)
    set(arch_flag "--gpu-architecture=sm_${architectures}")
  endif()
  set(tool_dependency)
  if(TARGET ${TILETUNE_EXECUTABLE})
    set(tool_dependency ${TILETUNE_EXECUTABLE})
    set(tool $<TARGET_FILE:${TILETUNE_EXECUTABLE}>)
  else()
    set(tool ${TILETUNE_EXECUTABLE})
  endif()
  add_custom_command(
    OUTPUT ${rewritten}
    COMMAND ${tool} ${absolute} -o ${rewritten} --depfile ${depfile}
            --device-check-cache ${CMAKE_BINARY_DIR}/tiletune-device-check ${flags_file_option} --
            -I${directory} "${include_flags}" "${definition_flags}" "${standard_flag}"
            "${arch_flag}"
    DEPENDS ${absolute} ${tool_dependency} ${flags_file}
    DEPFILE ${depfile}
    COMMENT "tiletune ${source}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  set_property(SOURCE ${rewritten} APPEND PROPERTY INCLUDE_DIRECTORIES ${directory})
  set(${out_var} ${rewritten} PARENT_SCOPE)
endfunction()

function(tiletune_rewrite out_var)
  _tiletune_require_cuda(tiletune_rewrite)
  set(outputs)
  foreach(source IN LISTS ARGN)
    _tiletune_rewrite_one(${source} "" rewritten)
    list(APPEND outputs ${rewritten})
  endforeach()
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()

function(tiletune_add_sources target)
  _tiletune_require_cuda("tiletune_add_sources(${target} ...)")
  foreach(source IN LISTS ARGN)
    _tiletune_rewrite_one(${source} ${target} rewritten)
    target_sources(${target} PRIVATE ${rewritten})
  endforeach()
endfunction()
