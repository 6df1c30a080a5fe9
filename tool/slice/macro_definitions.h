// The macros the sliced text expands or tests, defined again in the device source as the user's
// files define them, each before the first chunk that needs it; a macro from a toolkit header
// brings its header along instead.
#pragma once

#include "preprocess/preprocessor_record.h"
#include "slice/header_origin.h"
#include "slice/source_chunks.h"

#include <clang/AST/ASTContext.h>
#include <clang/Lex/MacroInfo.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tiletune::tool {

class MacroDefinitions {
 public:
  MacroDefinitions(clang::ASTContext& context, const PreprocessorRecord& preprocessor,
                   const HeaderOrigins& origins)
      : context_(context), preprocessor_(preprocessor), origins_(origins) {}

  // #define (and #undef) directives for the macros `chunk` uses that are not yet defined as it
  // needs them; call for each chunk in order.
  std::string directives_for(const Chunk& chunk);

  // The device conditionals of the user's files that #include a header NVRTC compiles (the
  // parse never saw what the device branch uses from it), each with the macros its conditions
  // use; call once, before the first chunk.
  std::string device_include_conditionals();

  // The device conditional of the user's files with other branches that `chunk` lies in, or null.
  const DeviceConditional* device_conditional_around(const Chunk& chunk) const;
  // The first time `group` goes in whole (both branches): the macros it uses; null after.
  std::optional<std::string> directives_for_whole(const DeviceConditional& group);

  // The toolkit headers that define macros the chunks use.
  void add_headers_of_macros(const std::vector<Chunk>& chunks, SliceIncludes& includes) const;

 private:
  std::optional<std::string> define_of(const std::string& name,
                                       const clang::MacroInfo* macro) const;
  bool from_c_library(clang::SourceLocation at) const;
  bool inside_device_defined_c_macro(const MacroUse& use) const;
  const DeviceConditional* user_device_conditional_at(clang::SourceLocation at) const;
  std::string emit(const DeviceConditional& group);

  clang::ASTContext& context_;
  const PreprocessorRecord& preprocessor_;
  const HeaderOrigins& origins_;
  std::map<std::string, const clang::MacroInfo*> defined_;  // the definition in force, by name
  std::set<const DeviceConditional*> emitted_;
  std::set<const DeviceConditional*> emitted_whole_;
};

}  // namespace tiletune::tool
