# What may include what, written once (README, "Include rules"; docs/include-rules.md). Each part of
# the product has one root folder, from which its quoted includes are written ("compile/compiler.h"
# is runtime/compile/compiler.h), and may include its own files and those of the parts listed
# after it, nothing else:
#   include/  the public API (<tiletune/...>): nothing private
#   common/   what the tool and the runtime both apply: the public API
#   runtime/  libtiletune and tiletune-results: common/ and the public API
#   tool/     the tiletune tool: common/ and the public API
# The tool and the runtime never include each other: a rule both apply lives in common/.
# tiletune_include_parts() sets a target's include path from these rules, and the include_rules
# test (scripts/check_includes.py) holds every #include of the tree to them.
set(TILETUNE_INCLUDE_RULES
  "include:"
  "common:include"
  "runtime:common,include"
  "tool:common,include")

# The parts `part` may include, its own first ("runtime" -> runtime;common;include).
function(tiletune_includable_parts part out)
  foreach(rule IN LISTS TILETUNE_INCLUDE_RULES)
    string(REPLACE ":" ";" fields "${rule}")
    list(GET fields 0 name)
    if(name STREQUAL part)
      string(FIND "${rule}" ":" colon)
      math(EXPR after "${colon} + 1")
      string(SUBSTRING "${rule}" ${after} -1 allowed)
      string(REPLACE "," ";" allowed "${allowed}")
      set(${out} ${part} ${allowed} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "no include rule for part '${part}' (cmake/IncludeRules.cmake)")
endfunction()

# Puts on `target`'s private include path the roots of `part` and of the parts it may include.
function(tiletune_include_parts target part)
  tiletune_includable_parts(${part} parts)
  list(TRANSFORM parts PREPEND ${PROJECT_SOURCE_DIR}/)
  target_include_directories(${target} PRIVATE ${parts})
endfunction()

# The rules as check_includes.py takes them: --rule runtime=common,include ...
function(tiletune_include_rule_arguments out)
  set(arguments)
  foreach(rule IN LISTS TILETUNE_INCLUDE_RULES)
    string(REPLACE ":" "=" rule "${rule}")
    list(APPEND arguments --rule ${rule})
  endforeach()
  set(${out} ${arguments} PARENT_SCOPE)
endfunction()
