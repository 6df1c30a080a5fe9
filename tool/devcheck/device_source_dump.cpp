#include "devcheck/device_source_dump.h"

#include "devcheck/check_plan.h"
#include "emit/site_id.h"

#include "nvrtc/nvrtc_front_end.h"

#include <clang/Basic/SourceManager.h>
#include <llvm/Support/FormatVariadic.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

namespace tiletune::tool {
namespace {

llvm::json::Array strings(const std::vector<std::string>& values) {
  llvm::json::Array out;
  for (const std::string& v : values) out.push_back(v);
  return out;
}

}  // namespace

void dump_device_source(const CheckedSite& site, const std::string& name_expression,
                        const Slice& slice, const DeviceCheckOptions& options,
                        clang::ASTContext& context, Reporter& report) {
  const clang::SourceManager& sm = context.getSourceManager();
  const clang::SourceLocation at = site.site->macro_begin;
  const clang::PresumedLoc where = sm.getPresumedLoc(at);
  const std::string name = display_name(where.getFilename()) + "." +
                           std::to_string(where.getLine()) + "." +
                           std::to_string(where.getColumn());
  const CheckPlan plan = plan_device_check(site, name_expression, slice.source);
  llvm::json::Array programs;
  for (const CheckProgram& program : plan.programs) {
    detail::FrontEndInput input;
    input.source = slice.source;
    input.options = program.options;
    input.arch = options.arch;
    input.cubin = true;  // machine code for sm_<arch>, as the check builds it
    programs.push_back(llvm::json::Object{{"options", strings(detail::front_end_options(input))},
                                          {"name_expressions", strings(program.name_expressions)}});
  }
  llvm::json::Array objections;
  for (const Objection& o : slice.objections) objections.push_back(o.message);
  llvm::json::Object dump{{"site", name},
                          {"source_name", display_name(where.getFilename())},
                          {"source", slice.source},
                          {"objections", std::move(objections)},
                          {"not_checked", plan.not_checked},
                          {"programs", std::move(programs)}};
  llvm::SmallString<256> path(options.dump_dir);
  llvm::sys::path::append(path, name + ".json");
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec) {
    report.error(at, "cannot write '" + path.str().str() + "': " + ec.message());
    return;
  }
  out << llvm::formatv("{0:2}", llvm::json::Value(std::move(dump))) << "\n";
}

}  // namespace tiletune::tool
