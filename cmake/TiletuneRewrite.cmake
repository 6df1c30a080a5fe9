# tiletune_rewrite(OUTPUT_VAR file.cu...): runs the tiletune tool on each annotated .cu file before
# nvcc and puts the rewritten files' names in OUTPUT_VAR, to be compiled in their place. The source
# file's directory is added to the include path, since the rewritten file lives in the build tree.
function(tiletune_rewrite out_var)
  set(outputs)
  foreach(source IN LISTS ARGN)
    get_filename_component(absolute ${source} ABSOLUTE)
    get_filename_component(name ${source} NAME_WE)
    get_filename_component(directory ${absolute} DIRECTORY)
    set(rewritten ${CMAKE_CURRENT_BINARY_DIR}/${name}.tiletune.cu)
    add_custom_command(
      OUTPUT ${rewritten}
      COMMAND $<TARGET_FILE:tiletune-tool> ${absolute} -o ${rewritten} -- -I${directory}
      DEPENDS ${absolute} tiletune-tool
      COMMENT "tiletune ${source}"
      VERBATIM)
    list(APPEND outputs ${rewritten})
    set_property(SOURCE ${rewritten} APPEND PROPERTY INCLUDE_DIRECTORIES ${directory})
  endforeach()
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()
