#include "rewrite_action.h"

#include "diagnostics.h"
#include "file_rewriter.h"
#include "preprocess/preprocessor_record.h"
#include "preprocess/site_finder.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>
#include <memory>

namespace tiletune::tool {
namespace {

class RewriteConsumer : public clang::ASTConsumer {
 public:
  RewriteConsumer(const std::vector<SiteText>& sites, const PreprocessorRecord& preprocessor,
                  RewriteResult& result)
      : sites_(sites), preprocessor_(preprocessor), result_(result) {}

  void HandleTranslationUnit(clang::ASTContext& context) override {
    // Clang has said what is wrong with the file itself.
    if (context.getDiagnostics().hasErrorOccurred()) return;
    Reporter report(context.getDiagnostics());
    std::optional<std::string> output = rewrite_file(context, sites_, preprocessor_, report);
    if (!output) return;
    result_.output = std::move(*output);
    const clang::SourceManager& sm = context.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      result_.dependencies.push_back(it->first.getName().str());
    std::sort(result_.dependencies.begin(), result_.dependencies.end());
    result_.ok = true;
  }

 private:
  const std::vector<SiteText>& sites_;
  const PreprocessorRecord& preprocessor_;
  RewriteResult& result_;
};

class RewriteAction : public clang::ASTFrontendAction {
 public:
  explicit RewriteAction(RewriteResult& result) : result_(result) {}

  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    clang::Preprocessor& pp = ci.getPreprocessor();
    pp.addPPCallbacks(std::make_unique<SiteFinder>(pp, sites_));
    auto record = std::make_unique<PreprocessorRecord>(ci.getSourceManager());
    preprocessor_ = record.get();  // owned by the preprocessor, which outlives the consumer
    pp.addPPCallbacks(std::move(record));
    return true;
  }

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                        llvm::StringRef) override {
    return std::make_unique<RewriteConsumer>(sites_, *preprocessor_, result_);
  }

 private:
  RewriteResult& result_;
  std::vector<SiteText> sites_;
  PreprocessorRecord* preprocessor_ = nullptr;
};

class Factory : public clang::tooling::FrontendActionFactory {
 public:
  explicit Factory(RewriteResult& result) : result_(result) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<RewriteAction>(result_);
  }

 private:
  RewriteResult& result_;
};

}  // namespace

int run_rewrite(const std::string& input, const std::vector<std::string>& arguments,
                RewriteResult& result) {
  clang::tooling::FixedCompilationDatabase database(".", arguments);
  clang::tooling::ClangTool tool(database, {input});
  Factory factory(result);
  return tool.run(&factory);
}

}  // namespace tiletune::tool
