#include "driver/nvcc_flags.h"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

namespace tiletune::tool {
namespace {

// nvcc options that say how to build, link or report, besides those that shape the device code
// (nvrtc_options.h): nothing the host-side parse depends on. kNvccValued's take the next argument
// as their value when written without `=`.
constexpr std::array kNvccOnly = {"--resource-usage",
                                  "-res-usage",
                                  "-dc",
                                  "-dw",
                                  "-dlto",
                                  "--keep",
                                  "-keep",
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
                                    "-t",
                                    "--threads",
                                    "-split-compile",
                                    "--split-compile",
                                    "-x",
                                    "--x",
                                    "-ccbin",
                                    "--compiler-bindir",
                                    "-Xcompiler",
                                    "--compiler-options"};

// nvcc's long spellings of options Clang spells short.
constexpr std::array<std::pair<std::string_view, std::string_view>, 1> kLongSpellings = {{
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

// One of nvcc's options that shape the device code (nvrtc_options.h), with its value.
struct DeviceFlag {
  std::string_view name;
  const DeviceOption* option = nullptr;
  std::string_view value;
};

// The device-code option at `nvcc_flags[i]` in any form nvcc takes (`-x v`, `-x=v`, and for -I,
// -D and -U `-xv`), `i` moved past its value; nullopt for any other argument.
std::optional<DeviceFlag> device_flag(const std::vector<std::string>& nvcc_flags, std::size_t& i) {
  std::string_view arg = nvcc_flags[i];
  if (const DeviceOption* option = device_option(arg)) {
    if (!option->takes_value) return DeviceFlag{arg, option, {}};
    if (i + 1 == nvcc_flags.size()) return std::nullopt;  // nvcc says what is missing
    return DeviceFlag{arg, option, nvcc_flags[++i]};
  }
  if (std::size_t eq = arg.find('='); eq != std::string_view::npos)
    if (const DeviceOption* option = device_option(arg.substr(0, eq));
        option && option->takes_value)
      return DeviceFlag{arg.substr(0, eq), option, arg.substr(eq + 1)};
  for (std::string_view attached : {"-I", "-D", "-U"})
    if (arg.size() > 2 && arg.substr(0, 2) == attached)
      return DeviceFlag{attached, device_option(attached), arg.substr(2)};
  return std::nullopt;
}

// What Clang's parse takes of a device-code option: -D, -U, -I and -isystem as Clang spells them
// (nvcc's directory lists split), and for nvcc's lambda and constexpr options the macros nvcc
// defines with them (Clang parses both kinds of code without an option).
void take_for_clang(const DeviceFlag& flag, std::vector<std::string>& out) {
  if (flag.option->nvrtc.empty()) {
    if (flag.name.find("lambda") != std::string_view::npos)
      out.emplace_back("-D__CUDACC_EXTENDED_LAMBDA__=1");
    if (flag.name.find("relaxed-constexpr") != std::string_view::npos)
      out.emplace_back("-D__CUDACC_RELAXED_CONSTEXPR__=1");
    return;
  }
  if (!flag.option->for_clang_too) return;
  if (flag.option->nvrtc == "-D" || flag.option->nvrtc == "-U") {
    out.push_back(std::string(flag.option->nvrtc) + std::string(flag.value));
    return;
  }
  const bool system = flag.name == "-isystem" || flag.name == "--system-include";
  for (std::string_view list = flag.value; !list.empty();) {
    const std::size_t comma = list.find(',');
    out.emplace_back(system ? "-isystem" : "-I");
    out.emplace_back(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
}

}  // namespace

NvccTranslation translate_nvcc_flags(const std::vector<std::string>& nvcc_flags) {
  NvccTranslation t;
  for (std::size_t i = 0; i < nvcc_flags.size(); ++i) {
    std::string_view arg = nvcc_flags[i];
    if (std::optional<DeviceFlag> flag = device_flag(nvcc_flags, i)) {
      add_nvrtc_option(flag->name, *flag->option, flag->value, t.nvrtc);
      take_for_clang(*flag, t.clang_flags);
      continue;
    }
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

std::vector<std::string> flags_the_tool_takes(const std::vector<std::string>& command) {
  // The parse's options that take a value, which nvcc also takes as `-x=v`.
  constexpr std::array kParseValued = {
      "-include", "--pre-include",     "-std",       "--std",
      "-ccbin",   "--compiler-bindir", "-Xcompiler", "--compiler-options"};
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const std::size_t first = i;
    const std::string_view arg = command[i];
    const std::size_t eq = arg.find('=');
    const bool parse_valued = is_one_of(arg.substr(0, eq), kParseValued);
    if (parse_valued && eq == std::string_view::npos && i + 1 < command.size()) ++i;
    if (!parse_valued && !device_flag(command, i)) continue;
    kept.insert(kept.end(), command.begin() + static_cast<std::ptrdiff_t>(first),
                command.begin() + static_cast<std::ptrdiff_t>(i) + 1);
  }
  return kept;
}

}  // namespace tiletune::tool
