#include "rewrite_action.h"

#include "diagnostics/deferred_diagnostics.h"
#include "diagnostics/diagnostics.h"
#include "diagnostics/unexpanded_annotations.h"
#include "file_rewriter.h"
#include "preprocess/asm_operand_commas.h"
#include "preprocess/include_directives.h"
#include "preprocess/preprocessor_record.h"
#include "preprocess/site_finder.h"
#include "slice/tuned_code.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/Basic/CharInfo.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <algorithm>
#include <cstring>
#include <memory>

namespace tiletune::tool {
namespace {

class RewriteConsumer : public clang::ASTConsumer {
 public:
  RewriteConsumer(const std::vector<SiteText>& sites,
                  const std::vector<UnrewritableSite>& unrewritable,
                  const PreprocessorRecord& preprocessor, const IncludeDirectives& includes,
                  DeferredDiagnostics& clang_diagnostics, RewriteResult& result,
                  const RewriteOptions& options)
      : sites_(sites),
        unrewritable_(unrewritable),
        preprocessor_(preprocessor),
        includes_(includes),
        clang_diagnostics_(clang_diagnostics),
        result_(result),
        options_(options) {}

  void HandleTranslationUnit(clang::ASTContext& context) override {
    if (refuse_cxx03(context)) return;
    // Clang has said what is wrong with the file itself: errors count where a tuned kernel
    // depends on the code (or after a fatal error, when the parse is incomplete).
    const LookupIndex lookup(context);
    std::optional<TunedCode> tuned;
    if (!context.getDiagnostics().hasFatalErrorOccurred()) tuned = TunedCode::find(lookup, sites_);
    // Clang's errors about an annotation's kernel call (call_probe.h) wait for the tool's checks of
    // that annotation (rewrite_file).
    const std::vector<SiteText> unexpanded = unexpanded_annotations(
        context.getSourceManager(), context.getLangOpts(), sites_, unrewritable_);
    bool const errors = clang_diagnostics_.release(
        [&](clang::SourceLocation at) {
          return !tuned || tuned->contains(at) || at_annotation_name(context, at);
        },
        [&](clang::SourceLocation at) {
          return in_annotation(context, sites_, at) || in_annotation(context, unexpanded, at);
        },
        options_.device_check.verbose);
    Reporter report(context.getDiagnostics());
    bool const undefined = refuse_unexpanded(context, unexpanded, report);
    if (!options_.device_check.verbose) say_left_to_nvcc(context.getDiagnostics());
    if (errors || undefined) return;
    if (refuse_unrewritable(report)) return;
    std::optional<RewrittenFiles> output = rewrite_file(
        context, lookup, sites_, preprocessor_, includes_, report, options_.device_check,
        options_.nvrtc_options, options_.headers_directory, &clang_diagnostics_);
    if (!output) return;
    result_.output = std::move(output->main);
    result_.headers = std::move(output->headers);
    result_.sites = sites_.size();
    const clang::SourceManager& sm = context.getSourceManager();
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
      result_.dependencies.push_back(it->first.getName().str());
    std::sort(result_.dependencies.begin(), result_.dependencies.end());
    result_.ok = true;
  }

 private:
  // tiletune's headers and generated code are C++11 (nvcc also takes C++03): one error at the
  // first annotation, instead of tiletune.h's #error left to nvcc as host code.
  bool refuse_cxx03(clang::ASTContext& context) const {
    if (context.getLangOpts().CPlusPlus11 || sites_.empty()) return false;
    Reporter(context.getDiagnostics())
        .error(sites_.front().macro_begin,
               "tiletune needs C++11 or later, and this file is compiled as C++03: compile it with "
               "-std=c++11 or later (nvcc -std=c++17; CMake: CUDA_STANDARD 17)");
    return true;
  }

  // Clang reports an unterminated `TILETUNE(` at the macro's name. That is an error in the
  // annotation itself, never code left to nvcc: it stays an error, or the tool would exit 0 and
  // drop the annotation without a word.
  static bool at_annotation_name(const clang::ASTContext& context, clang::SourceLocation at) {
    if (at.isInvalid()) return false;
    const clang::SourceManager& sm = context.getSourceManager();
    bool invalid = false;
    const char* text = sm.getCharacterData(sm.getSpellingLoc(at), &invalid);
    if (invalid || std::strncmp(text, "TILETUNE", 8) != 0) return false;
    return !clang::isAsciiIdentifierContinue(text[8]);
  }

  // One line for the host code Clang rejected and nvcc compiles: nvcc reports a real error there
  // itself, so the tool does not repeat it (nor Clang's candidate lists) on every build.
  void say_left_to_nvcc(clang::DiagnosticsEngine& engine) const {
    unsigned const count = clang_diagnostics_.left_to_nvcc();
    if (count == 0) return;
    unsigned id = engine.getCustomDiagID(
        clang::DiagnosticsEngine::Warning,
        "Clang rejects host code at %0 place%s0 that no tuned kernel depends on (the first "
        "here): nvcc compiles that code and reports any real error itself; tiletune --verbose "
        "(TILETUNE_VERBOSE=1 for tiletune-nvcc) lists them");
    engine.Report(clang_diagnostics_.first_left_to_nvcc(), id) << count;
  }

  static bool in_annotation(const clang::ASTContext& context, const std::vector<SiteText>& sites,
                            clang::SourceLocation at) {
    return std::any_of(sites.begin(), sites.end(), [&](const SiteText& site) {
      return tiletune::tool::in_annotation(context.getSourceManager(), site, at);
    });
  }

  // An annotation Clang read as code (TILETUNE undefined) is an error that names the header, in
  // place of what Clang said about it. One Clang did not complain about was not compiled (an
  // #if branch not taken) or is the user's own function of that name: nothing to say.
  bool refuse_unexpanded(const clang::ASTContext& context, const std::vector<SiteText>& unexpanded,
                         Reporter& report) {
    bool refused = false;
    for (const SiteText& use : unexpanded) {
      auto in_use = [&](clang::SourceLocation at) {
        return tiletune::tool::in_annotation(context.getSourceManager(), use, at);
      };
      bool const rejected = clang_diagnostics_.withholds_error(in_use);
      clang_diagnostics_.release_withheld(in_use, DeferredDiagnostics::Withheld::kDrop);
      if (!rejected) continue;
      report.error(use.macro_begin, kUndefinedAnnotationMessage);
      refused = true;
    }
    return refused;
  }

  // An annotation the tool would otherwise skip, leaving nvcc to fail on it (or, where
  // TILETUNE_TOOL hides it, the program to run untuned): an error that says why and what to do.
  bool refuse_unrewritable(Reporter& report) {
    for (const UnrewritableSite& site : unrewritable_) {
      report.error(site.at,
                   "TILETUNE(...) inside a macro cannot be rewritten: the tool replaces the "
                   "annotation's own text; write the annotation outside the macro");
      report.note(site.written, "the annotation is written here");
    }
    return !unrewritable_.empty();
  }

  const std::vector<SiteText>& sites_;
  const std::vector<UnrewritableSite>& unrewritable_;
  const PreprocessorRecord& preprocessor_;
  const IncludeDirectives& includes_;
  DeferredDiagnostics& clang_diagnostics_;
  RewriteResult& result_;
  const RewriteOptions& options_;
};

class RewriteAction : public clang::ASTFrontendAction {
 public:
  RewriteAction(RewriteResult& result, const RewriteOptions& options)
      : result_(result), options_(options) {}

  bool BeginSourceFileAction(clang::CompilerInstance& ci) override {
    clang::Preprocessor& pp = ci.getPreprocessor();
    pp.addPPCallbacks(std::make_unique<SiteFinder>(ci, sites_, unrewritable_));
    auto record = std::make_unique<PreprocessorRecord>(ci.getSourceManager());
    preprocessor_ = record.get();  // owned by the preprocessor, which outlives the consumer
    pp.addPPCallbacks(std::move(record));
    auto includes = std::make_unique<IncludeDirectives>(ci.getSourceManager());
    includes_ = includes.get();  // likewise
    pp.addPPCallbacks(std::move(includes));
    clang_diagnostics_ = &DeferredDiagnostics::install(ci.getDiagnostics());
    return true;
  }

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance&,
                                                        llvm::StringRef) override {
    return std::make_unique<RewriteConsumer>(sites_, unrewritable_, *preprocessor_, *includes_,
                                             *clang_diagnostics_, result_, options_);
  }

 private:
  RewriteResult& result_;
  const RewriteOptions& options_;
  std::vector<SiteText> sites_;
  std::vector<UnrewritableSite> unrewritable_;
  PreprocessorRecord* preprocessor_ = nullptr;
  IncludeDirectives* includes_ = nullptr;
  DeferredDiagnostics* clang_diagnostics_ = nullptr;  // owned by the diagnostics engine
};

class Factory : public clang::tooling::FrontendActionFactory {
 public:
  Factory(RewriteResult& result, const RewriteOptions& options)
      : result_(result), options_(options) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<RewriteAction>(result_, options_);
  }

 private:
  RewriteResult& result_;
  const RewriteOptions& options_;
};

}  // namespace

int run_rewrite(const std::string& input, const std::vector<std::string>& arguments,
                RewriteResult& result, const RewriteOptions& options) {
  clang::tooling::FixedCompilationDatabase database(".", arguments);
  // Files are read as nvcc reads them (preprocess/asm_operand_commas.h).
  clang::tooling::ClangTool tool(database, {input},
                                 std::make_shared<clang::PCHContainerOperations>(),
                                 asm_operand_commas_file_system(llvm::vfs::getRealFileSystem()));
  // One printer for the driver and the parse: the driver's errors (an unknown flag) do not stop
  // ClangTool, so its error count is what says the run failed.
  clang::DiagnosticOptions diagnostic_options;
  clang::TextDiagnosticPrinter printer(llvm::errs(), diagnostic_options);
  tool.setDiagnosticConsumer(&printer);
  Factory factory(result, options);
  int status = tool.run(&factory);
  return status == 0 && printer.getNumErrors() != 0 ? 1 : status;
}

}  // namespace tiletune::tool
