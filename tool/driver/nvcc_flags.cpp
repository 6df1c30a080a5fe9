#include "driver/nvcc_flags.h"

#include <array>
#include <string_view>
#include <utility>

namespace tiletune::tool {
namespace {

// nvcc options that say how to generate device code, link or report: nothing the host-side parse
// depends on. kNvccValued's take the next argument as their value when written without `=`.
constexpr std::array kNvccOnly = {"--extended-lambda",
                                  "--expt-extended-lambda",
                                  "--expt-relaxed-constexpr",
                                  "-lineinfo",
                                  "--generate-line-info",
                                  "-G",
                                  "--device-debug",
                                  "--use_fast_math",
                                  "-use_fast_math",
                                  "--resource-usage",
                                  "-res-usage",
                                  "-dc",
                                  "-dw",
                                  "-dlto",
                                  "--keep",
                                  "-keep",
                                  "--restrict",
                                  "-restrict",
                                  "--extensible-whole-program",
                                  "-ewp",
                                  "--display-error-number",
                                  "--no-host-device-initializer-list",
                                  "-Wno-deprecated-gpu-targets",
                                  "--Wno-deprecated-gpu-targets",
                                  "--allow-unsupported-compiler",
                                  "-allow-unsupported-compiler",
                                  "--forward-unknown-to-host-compiler",
                                  "-forward-unknown-to-host-compiler",
                                  "-src-in-ptx"};
constexpr std::array kNvccValued = {"-arch",
                                    "--gpu-architecture",
                                    "-code",
                                    "--gpu-code",
                                    "-gencode",
                                    "--generate-code",
                                    "-maxrregcount",
                                    "--maxrregcount",
                                    "-Xptxas",
                                    "--ptxas-options",
                                    "-Xnvlink",
                                    "--nvlink-options",
                                    "-Xlinker",
                                    "--linker-options",
                                    "-Xfatbin",
                                    "--fatbin-options",
                                    "--default-stream",
                                    "-default-stream",
                                    "-rdc",
                                    "--relocatable-device-code",
                                    "-ftz",
                                    "--ftz",
                                    "-prec-div",
                                    "--prec-div",
                                    "-prec-sqrt",
                                    "--prec-sqrt",
                                    "-fmad",
                                    "--fmad",
                                    "-t",
                                    "--threads",
                                    "-diag-suppress",
                                    "--diag-suppress",
                                    "-diag-warn",
                                    "--diag-warn",
                                    "-diag-error",
                                    "--diag-error",
                                    "-split-compile",
                                    "--split-compile",
                                    "-x",
                                    "--x",
                                    "-ccbin",
                                    "--compiler-bindir",
                                    "-Xcompiler",
                                    "--compiler-options"};

// nvcc's long spellings of options Clang spells short.
constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kLongSpellings = {{
    {"--include-path", "-I"},
    {"--define-macro", "-D"},
    {"--undefine-macro", "-U"},
    {"--system-include", "-isystem"},
    {"--pre-include", "-include"},
}};

bool is_one_of(std::string_view arg, const auto& names) {
  for (std::string_view n : names)
    if (arg == n) return true;
  return false;
}

// `name=value` of a valued option: the name, else empty.
std::string_view valued_name(std::string_view arg) {
  std::size_t eq = arg.find('=');
  if (eq == std::string_view::npos) return {};
  std::string_view name = arg.substr(0, eq);
  return is_one_of(name, kNvccValued) ? name : std::string_view{};
}

// -Xcompiler passes a comma-separated list to the host compiler: its macros, include paths and
// standard matter to the parse too; warnings, optimisation and -fopenmp do not.
void take_host_options(std::string_view list, std::vector<std::string>& out) {
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view option = list.substr(0, comma);
    for (std::string_view prefix : {"-D", "-U", "-I", "-isystem", "-std="})
      if (option.substr(0, prefix.size()) == prefix) {
        out.emplace_back(option);
        break;
      }
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
}

void take_valued(std::string_view name, std::string_view value, NvccTranslation& t) {
  if (name == "-Xcompiler" || name == "--compiler-options") take_host_options(value, t.clang_flags);
  if (name == "-ccbin" || name == "--compiler-bindir") t.host_compiler = value;
}

// `--define-macro=X` or `--define-macro X` as `-D` `X`; false when `nvcc_flags[i]` is no such
// option.
bool translate_long_spelling(const std::vector<std::string>& nvcc_flags, std::size_t& i,
                             std::vector<std::string>& out) {
  std::string_view arg = nvcc_flags[i];
  for (auto [long_name, short_name] : kLongSpellings) {
    if (arg.substr(0, long_name.size()) != long_name) continue;
    std::string_view rest = arg.substr(long_name.size());
    if (rest.empty() && i + 1 < nvcc_flags.size()) {
      out.emplace_back(short_name);
      out.push_back(nvcc_flags[++i]);
      return true;
    }
    if (!rest.empty() && rest[0] == '=') {
      out.emplace_back(short_name);
      out.emplace_back(rest.substr(1));
      return true;
    }
  }
  return false;
}

}  // namespace

NvccTranslation translate_nvcc_flags(const std::vector<std::string>& nvcc_flags) {
  NvccTranslation t;
  for (std::size_t i = 0; i < nvcc_flags.size(); ++i) {
    std::string_view arg = nvcc_flags[i];
    if (is_one_of(arg, kNvccOnly)) continue;
    if (std::string_view name = valued_name(arg); !name.empty()) {
      take_valued(name, arg.substr(name.size() + 1), t);
      continue;
    }
    if (is_one_of(arg, kNvccValued)) {
      if (i + 1 < nvcc_flags.size()) take_valued(arg, nvcc_flags[++i], t);
      continue;
    }
    if (translate_long_spelling(nvcc_flags, i, t.clang_flags)) continue;
    // nvcc spells the standard `--std c++17` too.
    if ((arg == "--std" || arg == "-std") && i + 1 < nvcc_flags.size()) {
      t.clang_flags.push_back("-std=" + nvcc_flags[++i]);
      continue;
    }
    if (arg.substr(0, 6) == "--std=") {
      t.clang_flags.push_back("-std=" + std::string(arg.substr(6)));
      continue;
    }
    t.clang_flags.emplace_back(arg);
  }
  return t;
}

}  // namespace tiletune::tool
