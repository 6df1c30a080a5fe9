// The frontend action that runs the five steps on one file: find sites, parse, check, slice, emit.
#pragma once

#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/Tooling.h>

#include <memory>
#include <string>
#include <vector>

namespace tiletune::tool {

struct RewriteResult {
  bool ok = false;     // no error: `output` holds the rewritten file
  unsigned sites = 0;  // annotations rewritten
  std::string output;
  std::vector<std::string> dependencies;  // every file the input read, itself first
};

// Makes the action for ClangTool; the result is filled in when the tool has run.
std::unique_ptr<clang::tooling::FrontendActionFactory> make_rewrite_action_factory(
    RewriteResult& result);

}  // namespace tiletune::tool
