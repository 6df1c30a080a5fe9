#include "file_rewriter.h"

#include "annotation/parser.h"
#include "check/site_checks.h"
#include "check/site_instantiations.h"
#include "devcheck/device_verdict.h"
#include "emit/argument_spelling.h"
#include "emit/insertion_points.h"
#include "emit/instantiation_code.h"
#include "emit/launch_code.h"
#include "emit/rewritten_headers.h"
#include "emit/site_code.h"
#include "emit/site_id.h"
#include "emit/site_info_code.h"
#include "slice/lambda_closures.h"
#include "slice/nvrtc_language.h"
#include "slice/slicer.h"
#include "slice/symbol_writes.h"
#include "slice/template_argument_uses.h"
#include "source_text/code_writer.h"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/CharInfo.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <map>
#include <set>

namespace tiletune::tool {
namespace {

// A launch's slice, checked, the variables it shares with host code, and the NVRTC options it
// compiles with (the site's, and -default-device for a slice that includes a header library).
struct SlicedSite {
  std::string source;
  std::vector<SymbolText> symbols;
  std::vector<std::string> nvrtc_options;
  bool launch_bounds_arguments = false;  // Slice::launch_bounds_arguments
};

// `checked` with the options its slice compiles with, and the template arguments its kernel takes.
CheckedSite as_sliced(const CheckedSite& checked, const SlicedSite& sliced) {
  CheckedSite out = checked;
  out.nvrtc_options = sliced.nvrtc_options;
  out.launch_bounds_arguments = sliced.launch_bounds_arguments;
  return out;
}

class FileRewriter {
 public:
  FileRewriter(clang::ASTContext& context, const LookupIndex& lookup, Reporter& report,
               const DeviceCheckOptions& device_check,
               const std::vector<std::string>& nvrtc_options, const RewrittenHeaders& headers,
               DeferredDiagnostics* clang_diagnostics)
      : context_(context),
        lookup_(lookup),
        headers_(headers),
        device_check_(device_check),
        nvrtc_options_(nvrtc_options),
        clang_diagnostics_(clang_diagnostics),
        sm_(context.getSourceManager()),
        report_(report),
        tops_(context, headers),
        scan_(context),
        rewriter_(context.getSourceManager(), context.getLangOpts()) {}

  void rewrite_site(const SiteText& site, const SiteLaunches& launches,
                    const PreprocessorRecord& preprocessor) {
    std::variant<Annotation, ParseError> parsed = parse_site_annotation(site);
    if (const auto* e = std::get_if<ParseError>(&parsed)) {
      report_.error(site, e->span, e->message);
      release_clang_diagnostics(site, DeferredDiagnostics::Withheld::kDrop);
      return;
    }
    Annotation& annotation = std::get<Annotation>(parsed);
    std::optional<CheckedSite> checked =
        check_site(site, annotation, launches, lookup_, preprocessor, report_);
    // Clang's errors on the names in `where` and `key` (an undeclared one) are the site's,
    // whatever the rest: the tool's checks have nothing to say of them.
    bool name_errors = annotation.where && release_span_diagnostics(site, annotation.where->span);
    if (annotation.key)
      for (const Expr& e : *annotation.key)
        name_errors = release_span_diagnostics(site, e.span) || name_errors;
    // Clang's own errors about the call stand where the tool's checks found nothing to say. In a
    // template, they concern the instantiations Clang could not resolve; the others go on.
    // Outside a template, a call whose template arguments are all written needs nothing from
    // Clang: where Clang's host-side view rejects it (an overloaded __device__ function as a
    // template argument, which nvcc accepts), nvcc judges the host code and NVRTC the device code.
    using Withheld = DeferredDiagnostics::Withheld;
    Withheld const what =
        !checked ? Withheld::kDrop
        : !launches.in_template && launches.rejected && template_arguments_written(*checked)
            ? Withheld::kReportAsWarnings
            : Withheld::kReport;
    bool const clang_errors = release_clang_diagnostics(site, what);
    if (!checked || name_errors || (clang_errors && !launches.in_template)) return;
    if (checked->kernel)
      checked->nvrtc_options = nvrtc_language_options(checked->kernel->getLangOpts());
    checked->nvrtc_options.insert(checked->nvrtc_options.end(), nvrtc_options_.begin(),
                                  nvrtc_options_.end());
    const clang::Decl* top = top_level_decl_of(tops_, site.macro_begin);
    if (!top) {
      report_.error(site.macro_begin, "TILETUNE must be inside a function");
      return;
    }
    if (launches.in_template)
      rewrite_in_template(site, *checked, preprocessor);
    else  // Before the declaration at namespace scope that holds it, inside its namespaces: the
          // site then sees what the namespace declared before it (a __device__ variable the
          // kernel shares with the host, whose address the site takes).
      rewrite_plain(site, *checked, preprocessor,
                    launches.namespace_scope ? launches.namespace_scope : top);
  }

  RewrittenFiles finish() {
    for (const auto& [offset, insertion] : insertions_)
      insert_declarations(insertion.first, insertion.second);
    clang::FileID main = sm_.getMainFileID();
    if (!at_end_.empty())
      rewriter_.InsertTextAfter(sm_.getLocForEndOfFile(main),
                                "\n// tiletune: instantiations' launch sites below\n" + at_end_);
    headers_.redirect_includes(rewriter_);
    drop_byte_order_mark(main);
    for (const RewrittenHeaders::Copy& copy : headers_.copies()) drop_byte_order_mark(copy.file);
    RewrittenFiles files{text_of(main), {}};
    for (const RewrittenHeaders::Copy& copy : headers_.copies())
      files.headers.push_back({copy.name, text_of(copy.file)});
    return files;
  }

 private:
  // A UTF-8 byte order mark is one only at a file's start: behind the lines text_of writes before
  // the file's text it is a stray character, which nvcc refuses ("# not expected here").
  void drop_byte_order_mark(clang::FileID file) {
    if (sm_.getBufferData(file).starts_with("\xEF\xBB\xBF"))
      rewriter_.RemoveText(sm_.getLocForStartOfFile(file), 3);
  }

  // A rewritten file's text, with the #line directive that keeps messages on the original.
  std::string text_of(clang::FileID file) const {
    std::string body;
    if (const llvm::RewriteBuffer* buffer = rewriter_.getRewriteBufferFor(file))
      body = std::string(buffer->begin(), buffer->end());
    else
      body = sm_.getBufferData(file).str();
    std::string name = sm_.getPresumedLoc(sm_.getLocForStartOfFile(file)).getFilename();
    return "// Generated by tiletune from " + display_name(name) + ". Do not edit.\n" +
           line_directive(1, name) + body;
  }

  bool release_clang_diagnostics(const SiteText& site, DeferredDiagnostics::Withheld what) {
    if (clang_diagnostics_ == nullptr) return false;
    return clang_diagnostics_->release_withheld(
        [&](clang::SourceLocation at) { return in_annotation(sm_, site, at); }, what);
  }

  // Clang's diagnostics on the text of `span` (a launch expression of the annotation), as errors.
  bool release_span_diagnostics(const SiteText& site, const Span& span) {
    if (clang_diagnostics_ == nullptr) return false;
    clang::SourceLocation const begin = site_location(site, span.begin);
    clang::SourceLocation const end = site_location(site, span.end, /*range_end=*/true);
    return clang_diagnostics_->release_withheld(
        [&](clang::SourceLocation at) {
          if (!in_annotation(sm_, site, at)) return false;
          at = sm_.getFileLoc(at);
          return !sm_.isBeforeInTranslationUnit(at, begin) &&
                 sm_.isBeforeInTranslationUnit(at, end);
        },
        DeferredDiagnostics::Withheld::kReport);
  }

  // Whether the annotation writes every template argument the kernel requires (or the kernel is
  // no template): then the launch is named without anything Clang deduced.
  static bool template_arguments_written(const CheckedSite& checked) {
    if (checked.kernel == nullptr) return false;
    const clang::FunctionTemplateDecl* t = checked.kernel->getDescribedFunctionTemplate();
    return t == nullptr || checked.annotation->call->template_args.size() >=
                               t->getTemplateParameters()->getMinRequiredArguments();
  }

  SiteLocation location_of(const SiteText& site) const {
    clang::PresumedLoc where = sm_.getPresumedLoc(site.macro_begin);
    return {where.getFilename(), where.getLine(), where.getColumn(),
            sm_.getPresumedLoc(site.text_begin).getLine()};
  }

  // Unique in the translation unit: a site in a copied header carries the copy's tag.
  std::string variable_of(const SiteText& site, const SiteLocation& where) const {
    const RewrittenHeaders::Copy* copy = headers_.copy_of(sm_.getFileID(site.macro_begin));
    return "tiletune_site_" + (copy ? copy->tag + "_" : std::string()) +
           std::to_string(where.line) + "_" + std::to_string(where.column);
  }

  void rewrite_plain(const SiteText& site, const CheckedSite& checked,
                     const PreprocessorRecord& preprocessor, const clang::Decl* top) {
    SiteLocation where = location_of(site);
    // What Clang deduced goes to NVRTC spelled out, as does a lambda's closure type: the slice
    // carries what it names.
    std::vector<Use> uses;
    if (deduces_template_arguments(checked) || names_closure(checked)) {
      Unspellable why;
      if (!kernel_arguments_spellable(checked.instantiation->kernel, &why)) {
        report_unspellable(site, "the kernel Clang deduced at this launch", why);
        return;
      }
      if (!closures_named_at_site(site, checked)) return;
      uses = nvrtc_uses(site, checked);
    }
    std::optional<SlicedSite> sliced = slice_and_check(site, checked, preprocessor, uses);
    if (!sliced) return;
    EmittedSite emitted = emit_site(as_sliced(checked, *sliced), variable_of(site, where), where,
                                    sliced->source, site.text, std::move(sliced->symbols));
    add_declarations(declaration_begin(top), emitted.declaration);
    replace_annotation(site, emitted.call);
  }

  // The launch's kernel has a lambda's closure type among its template arguments.
  static bool names_closure(const CheckedSite& checked) {
    const clang::FunctionDecl* kernel =
        checked.instantiation ? checked.instantiation->kernel : nullptr;
    const clang::TemplateArgumentList* args =
        kernel ? kernel->getTemplateSpecializationArgs() : nullptr;
    if (args == nullptr) return false;
    std::vector<const clang::Decl*> named;
    for (const clang::TemplateArgument& arg : args->asArray()) named_declarations(arg, named);
    return std::any_of(named.begin(), named.end(),
                       [](const clang::Decl* d) { return lambda_closure(d) != nullptr; });
  }

  // Each kernel parameter of a lambda's closure type has a spelling at the site (launch_code.h);
  // false after reporting one that has none, at its argument.
  bool closures_named_at_site(const SiteText& site, const CheckedSite& checked) {
    const clang::FunctionDecl* kernel = checked.instantiation->kernel;
    const KernelCall& call = *checked.annotation->call;
    bool ok = true;
    // A lambda written in the annotation itself (`decltype([] __device__(float v) { ... })`) is
    // a closure type of the annotation's own, which nvcc takes nowhere there.
    // A lambda written in place as an argument is the launch's to take as it is.
    std::vector<const clang::Decl*> named;
    for (const clang::TemplateArgument& arg : kernel->getTemplateSpecializationArgs()->asArray())
      named_declarations(arg, named);
    std::set<const clang::Decl*> in_place;
    for (unsigned i = 0; i < kernel->getNumParams() && i < call.args.size(); ++i)
      if (llvm::StringRef(call.args[i].expr.text).trim().starts_with("["))
        in_place.insert(lambda_closure(
            kernel->getParamDecl(i)->getType().getNonReferenceType()->getAsCXXRecordDecl()));
    for (const clang::Decl* d : named)
      if (lambda_closure(d) && !in_place.count(d) && in_annotation(sm_, site, d->getLocation())) {
        report_.error(d->getLocation(),
                      "a lambda written in the annotation has a closure type of its own, which "
                      "the generated launch cannot name; define it before the annotation (`auto f "
                      "= [] __device__(...) { ... };`) and pass f (as a template argument, "
                      "decltype(f))");
        return false;
      }
    for (unsigned i = 0; i < kernel->getNumParams(); ++i) {
      clang::QualType type = kernel->getParamDecl(i)->getType().getNonReferenceType();
      if (!lambda_closure(type->getAsCXXRecordDecl()) || closure_parameter_spelling(checked, i))
        continue;
      std::string const why =
          i < call.args.size() ? closure_argument_problem(call.args[i]) : std::string();
      report_.error(site, i < call.args.size() ? call.args[i].span : call.span,
                    "this argument is of a lambda's closure type, which the generated launch "
                    "names as decltype(argument) or as a template argument written as that type, "
                    "and " +
                        (why.empty() ? "there is no argument" : why) +
                        ": pass a variable that holds the lambda");
      ok = false;
    }
    return ok;
  }

  // A site per instantiation (instantiation_code.h); none for a template this file never
  // instantiates, whose users elsewhere include and instantiate it themselves.
  void rewrite_in_template(const SiteText& site, CheckedSite& checked,
                           const PreprocessorRecord& preprocessor) {
    const SiteLaunches& launches = *checked.launches;
    if (!launches.unnameable.empty()) {
      report_.error(site.macro_begin,
                    "TILETUNE(...) in a template whose instantiations "
                    "generated code cannot tell apart: " +
                        launches.unnameable + "; move the annotation out of the generic lambda");
      return;
    }
    SiteLocation where = location_of(site);
    std::string const variable = variable_of(site, where);
    checked.instantiation_class = instantiation_class(launches, variable);
    EmittedSite emitted = emit_template_site(checked, variable, where, context_);
    // A plain function's copies of the annotation (a macro wrote it twice: site_instantiations.h)
    // are no template: their specialisations go before the function with the class template,
    // since the function's body uses them where it stands.
    bool const copies_of_plain_function = !launches.enclosing->isDependentContext();
    std::string before_function = emitted.declaration;
    if (!copies_of_plain_function)
      add_declarations(declaration_begin(launches.namespace_scope), emitted.declaration);
    replace_annotation(site, emitted.call);
    std::set<std::string> specialised;
    for (const SiteInstantiation& instance : launches.instantiations) {
      if (instance.kernel == nullptr) continue;  // Clang said why
      CheckedSite one = checked;
      one.instantiation = &instance;
      ClosureParameters const closures = closure_parameters(instance, sm_);
      std::optional<std::string> head = specialisation_head(site, one, variable, closures);
      if (!head || !specialised.insert(*head).second) continue;
      std::string text =
          specialise(site, one, *head, variable, specialised.size(), preprocessor, closures);
      if (text.empty()) {
        note_instantiation(instance);
        continue;
      }
      for (const auto& [closure, spelling] : closures.spellings) tag_lambda(closure);
      if (copies_of_plain_function) {
        before_function += text;
        continue;
      }
      std::vector<const clang::Decl*> named = names_of(one);
      clang::SourceLocation at =
          specialisation_point(tops_, launches.namespace_scope, named, instance.function);
      add_declarations(at, text);
    }
    if (copies_of_plain_function)
      add_declarations(declaration_begin(launches.namespace_scope), before_function);
  }

  // "tiletune_site_12_3_for<float, true>" for the instantiation, after reporting why there is none.
  std::optional<std::string> specialisation_head(const SiteText& site, const CheckedSite& one,
                                                 const std::string& variable,
                                                 const ClosureParameters& closures) {
    Unspellable why;
    std::optional<std::string> head = instantiation_class_of(
        *one.launches, *one.instantiation, variable, context_, &why, &closures.spellings);
    if (head && kernel_pointer_spelling(one.instantiation->kernel, &why, &closures.spellings) &&
        kernel_arguments_spellable(one.instantiation->kernel, &why))
      return head;
    report_unspellable(site, "this instantiation of the site", why);
    note_instantiation(*one.instantiation);
    return std::nullopt;
  }

  void report_unspellable(const SiteText& site, const std::string& what, const Unspellable& why) {
    if (const clang::CXXRecordDecl* closure = lambda_closure(why.declaration)) {
      // tiletune names a closure type itself where it can (slice/lambda_closures.h).
      std::string reason = closure_unsupported(closure);
      if (reason.empty())
        reason = sm_.isInMainFile(closure_text(closure).begin)
                     ? "it is part of another type ('" + why.type + "')"
                     : "it is written in another file than this one";
      report_.error(site.macro_begin,
                    what +
                        " names a lambda's closure type, which tiletune names for NVRTC "
                        "(compiling the tuned kernel apart from this file) and in the generated "
                        "site only as the kernel's template argument of a lambda written in this "
                        "file, and not this one: " +
                        reason + "; or pass a functor type declared at namespace scope");
      report_.note(closure->getLocation(), "the lambda");
      return;
    }
    report_.error(site.macro_begin,
                  what + " names '" + why.type + "', " + why.what() +
                      ", which NVRTC (compiling the tuned kernel apart from this file) and the "
                      "generated site cannot name; declare it at namespace scope");
    if (why.declaration) report_.note(why.declaration->getLocation(), "declared here");
  }

  // The specialisation's text; "" after reporting why the instantiation cannot be tuned.
  std::string specialise(const SiteText& site, const CheckedSite& one, const std::string& head,
                         const std::string& variable, std::size_t number,
                         const PreprocessorRecord& preprocessor,
                         const ClosureParameters& closures) {
    std::optional<SlicedSite> sliced =
        slice_and_check(site, one, preprocessor, nvrtc_uses(site, one));
    if (!sliced) return "";
    SiteLocation where = location_of(site);
    ExpressionCode expressions(one, "tt_axes", where.text_line);
    // The identity covers the kernel it launches and the instantiation's own arguments, which the
    // launch's geometry and arguments may use (the head's, not the class's name, which holds the
    // site's line).
    std::string const instantiation =
        name_expression(as_sliced(one, *sliced), expressions) + "\n" + head.substr(head.find('<'));
    return emit_instantiation(
        as_sliced(one, *sliced), head,
        *kernel_pointer_spelling(one.instantiation->kernel, nullptr, &closures.spellings),
        variable + "_" + std::to_string(number) + "_source", where, sliced->source, site.text,
        instantiation, std::move(sliced->symbols), closures.parameters, closures.size_checks);
  }

  // The lambda written as tiletune::closure<line, column>(lambda) (include/tiletune/closure.h),
  // once (in a template, the text every instantiation's closure comes from): the instantiations
  // made with it are specialised by that type.
  void tag_lambda(const clang::CXXRecordDecl* closure) {
    ClosureText const at = closure_text(closure);
    if (!tagged_.insert(sm_.getFileOffset(at.begin)).second) return;
    rewriter_.InsertTextBefore(at.begin, "::tiletune::closure<" + std::to_string(at.line) + ", " +
                                             std::to_string(at.column) +
                                             closure_context_tag(closure) + ">(");
    rewriter_.InsertTextAfterToken(at.end, ")");
  }

  // names_for_nvrtc(), as uses at the kernel's name in the annotation.
  static std::vector<Use> nvrtc_uses(const SiteText& site, const CheckedSite& one) {
    std::vector<Use> uses;
    clang::SourceLocation at = site_location(site, one.annotation->call->callee_span.begin);
    for (const clang::Decl* d : names_for_nvrtc(one)) uses.push_back({d, at, nullptr});
    return uses;
  }

  // What the specialisation's text names: the instantiation's arguments and the kernel's
  // parameter types (a lambda's closure type not: a parameter of the specialisation stands for
  // it).
  static std::vector<const clang::Decl*> names_of(const CheckedSite& one) {
    std::vector<const clang::Decl*> named;
    for (const clang::TemplateArgument& arg : one.instantiation->arguments)
      named_declarations(arg, named);
    for (const clang::ParmVarDecl* p : one.instantiation->kernel->parameters())
      named_declarations(p->getType(), named);
    named.erase(std::remove_if(named.begin(), named.end(),
                               [](const clang::Decl* d) { return lambda_closure(d) != nullptr; }),
                named.end());
    return named;
  }

  // What the name expression names beyond the annotation's own text: the kernel's template
  // arguments as Clang resolved them, and the enclosing templates' arguments that a `$` argument
  // names.
  static std::vector<const clang::Decl*> names_for_nvrtc(const CheckedSite& one) {
    std::vector<const clang::Decl*> named;
    const SiteInstantiation& instance = *one.instantiation;
    if (const clang::TemplateArgumentList* args = instance.kernel->getTemplateSpecializationArgs())
      for (const clang::TemplateArgument& arg : args->asArray()) named_declarations(arg, named);
    static const std::vector<const clang::NamedDecl*> kNone;
    const std::vector<const clang::NamedDecl*>& parameters =
        one.launches ? one.launches->parameters : kNone;
    for (const Expr& arg : one.annotation->call->template_args) {
      if (arg.dollars.empty()) continue;
      for (std::size_t i = 0; i < parameters.size() && i < instance.arguments.size(); ++i)
        if (names_identifier(arg.text, parameters[i]->getName()))
          named_declarations(instance.arguments[i], named);
    }
    return named;
  }

  static bool names_identifier(llvm::StringRef text, llvm::StringRef name) {
    for (std::size_t at = text.find(name); at != llvm::StringRef::npos;
         at = text.find(name, at + 1)) {
      bool const starts = at == 0 || !clang::isAsciiIdentifierContinue(text[at - 1]);
      bool const ends = at + name.size() == text.size() ||
                        !clang::isAsciiIdentifierContinue(text[at + name.size()]);
      if (starts && ends) return true;
    }
    return false;
  }

  // Clang's note, after an error about one instantiation: where it was made.
  void note_instantiation(const SiteInstantiation& instance) {
    const clang::FunctionDecl* f = instantiated_function(instance.function);
    if (f == nullptr) return;
    std::string name;
    llvm::raw_string_ostream os(name);
    f->getNameForDiagnostic(os, context_.getPrintingPolicy(), /*Qualified=*/true);
    report_.note(
        f->getPointOfInstantiation(),
        std::string("in instantiation of ") +
            (f->getPrimaryTemplate() ? "function template specialization '" : "member function '") +
            name + "' requested here");
  }

  // The site's slice (carrying what its template arguments name, and `uses` besides) and the
  // NVRTC check of its device code; nullopt after reporting why it cannot be tuned.
  std::optional<SlicedSite> slice_and_check(const SiteText& site, const CheckedSite& checked,
                                            const PreprocessorRecord& preprocessor,
                                            std::vector<Use> uses) {
    const Annotation& annotation = *checked.annotation;
    std::vector<unsigned> constant_params;
    for (unsigned i = 0; i < annotation.call->args.size(); ++i)
      if (annotation.call->args[i].constant) constant_params.push_back(i);
    // A block size computed from the space alone is fixed per configuration (launch bounds).
    const bool bounded_block =
        annotation.threads &&
        std::all_of(annotation.threads->exprs.begin(), annotation.threads->exprs.end(),
                    [](const Expr& e) { return e.tree != nullptr; });
    SiteReporter site_report(report_, site);
    std::optional<std::vector<Use>> argument_uses =
        template_argument_uses(*annotation.call, checked.launches->enclosing,
                               checked.launches->parameters, lookup_, site_report);
    if (!argument_uses) return std::nullopt;
    uses.insert(uses.begin(), argument_uses->begin(), argument_uses->end());
    std::optional<Slice> slice = slice_kernel(checked.kernel, constant_params, bounded_block,
                                              context_, scan_, preprocessor, report_, uses);
    if (!slice) return std::nullopt;
    SlicedSite sliced{slice->source, {}, checked.nvrtc_options, slice->launch_bounds_arguments};
    if (slice->includes_header_library) sliced.nvrtc_options.push_back("-default-device");
    for (const clang::VarDecl* v : slice->shared_with_host)
      sliced.symbols.push_back(
          {lowered_name(v, context_), host_expression(v), !v->hasAttr<clang::CUDAConstantAttr>()});
    ExpressionCode expressions(checked, "tt_axes", location_of(site).text_line);
    const CheckedSite checked_sliced = as_sliced(checked, sliced);
    if (!judge_device_code(checked_sliced, name_expression(checked_sliced, expressions), *slice,
                           device_check_, context_, report_))
      return std::nullopt;
    return sliced;
  }

  // The conditional directives written inside the annotation, a line each: the call is the
  // taken branches' code, and the directives keep a conditional that starts or ends inside the
  // annotation balanced with its other part outside.
  static std::string kept_directives(const SiteText& site) {
    std::string out;
    for (const std::string& directive : site.conditional_directives) out += directive + "\n";
    return out;
  }

  // The call starts a line of its own: from the start of the annotation's line when only
  // indentation precedes it there. What follows the annotation is back on its last line.
  void replace_annotation(const SiteText& site, const std::string& call) {
    clang::PresumedLoc where = sm_.getPresumedLoc(site.macro_begin);
    clang::SourceLocation line_start =
        site.macro_begin.getLocWithOffset(1 - static_cast<int>(where.getColumn()));
    llvm::StringRef before(sm_.getCharacterData(line_start), where.getColumn() - 1);
    bool const indented = before.find_first_not_of(" \t") == llvm::StringRef::npos;
    unsigned end_line = sm_.getPresumedLoc(site.rparen).getLine();
    rewriter_.ReplaceText(clang::CharSourceRange::getTokenRange(
                              indented ? line_start : site.macro_begin, site.rparen),
                          (indented ? "" : "\n") + call + kept_directives(site) +
                              line_directive(end_line, where.getFilename()));
  }

  // Declarations to go before `at` (a declaration's start), or at the end of the file when `at`
  // is invalid.
  void add_declarations(clang::SourceLocation at, const std::string& text) {
    if (text.empty()) return;
    if (at.isInvalid()) {
      at_end_ += text;
      return;
    }
    auto& insertion = insertions_[{sm_.getFileID(at), sm_.getFileOffset(at)}];
    insertion.first = at;
    insertion.second += text;
  }

  void insert_declarations(clang::SourceLocation begin, const std::string& text) {
    clang::PresumedLoc where = sm_.getPresumedLoc(begin);
    std::string prefix = where.getColumn() == 1 ? "" : "\n";
    rewriter_.InsertTextBefore(begin, prefix + "// tiletune: launch sites below\n" + text +
                                          line_directive(where.getLine(), where.getFilename()) +
                                          std::string(where.getColumn() - 1, ' '));
  }

  clang::ASTContext& context_;
  const LookupIndex& lookup_;
  const RewrittenHeaders& headers_;
  const DeviceCheckOptions& device_check_;
  const std::vector<std::string>& nvrtc_options_;
  DeferredDiagnostics* clang_diagnostics_;
  const clang::SourceManager& sm_;
  Reporter& report_;
  const TopLevelDeclarations tops_;
  const FileScan scan_;
  clang::Rewriter rewriter_;
  // Per place in a rewritten file (its offset there): where, and what goes there.
  std::map<std::pair<clang::FileID, unsigned>, std::pair<clang::SourceLocation, std::string>>
      insertions_;
  std::string at_end_;
  std::set<unsigned>
      tagged_;  // main-file offsets of lambdas written as tiletune::closure<...>(...)
};

}  // namespace

std::optional<RewrittenFiles> rewrite_file(
    clang::ASTContext& context, const LookupIndex& lookup, const std::vector<SiteText>& sites,
    const PreprocessorRecord& preprocessor, const IncludeDirectives& includes, Reporter& report,
    const DeviceCheckOptions& device_check, const std::vector<std::string>& nvrtc_options,
    const std::string& headers_directory, DeferredDiagnostics* clang_diagnostics) {
  const clang::SourceManager& sm = context.getSourceManager();
  std::optional<RewrittenHeaders> headers =
      RewrittenHeaders::find(sm, includes, sites, headers_directory, report);
  if (!headers) return std::nullopt;
  FileRewriter rewriter(context, lookup, report, device_check, nvrtc_options, *headers,
                        clang_diagnostics);
  std::vector<SiteLaunches> launches = find_site_launches(context, sites);
  for (std::size_t i = 0; clang_diagnostics && i < sites.size(); ++i)
    launches[i].rejected = clang_diagnostics->withholds_error(
        [&](clang::SourceLocation at) { return in_annotation(sm, sites[i], at); });
  for (std::size_t i = 0; i < sites.size(); ++i)
    rewriter.rewrite_site(sites[i], launches[i], preprocessor);
  if (report.errors() != 0 || context.getDiagnostics().hasErrorOccurred()) return std::nullopt;
  return rewriter.finish();
}

}  // namespace tiletune::tool
