#include "slice/device_conditionals.h"

#include "slice/include_policy.h"

#include <llvm/ADT/StringRef.h>

#include <utility>
#include <vector>

namespace tiletune::tool {
namespace {

struct Directive {
  std::string text;     // the whole directive, continuation lines included
  std::string keyword;  // "if", "define", "include", ...
  std::string rest;     // what follows the keyword
};

std::vector<Directive> directives_in(llvm::StringRef text) {
  std::vector<Directive> out;
  while (!text.empty()) {
    auto [line, after] = text.split('\n');
    std::string whole = line.str();
    while (llvm::StringRef(whole).rtrim().ends_with("\\") && !after.empty()) {
      auto [next, rest] = after.split('\n');
      whole += "\n" + next.str();
      after = rest;
    }
    text = after;
    llvm::StringRef trimmed = llvm::StringRef(whole).ltrim();
    if (!trimmed.consume_front("#")) continue;
    trimmed = trimmed.ltrim(" \t");
    std::size_t length = trimmed.find_first_not_of(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
    llvm::StringRef keyword = trimmed.substr(0, length);
    out.push_back({whole, keyword.str(), trimmed.substr(keyword.size()).trim().str()});
  }
  return out;
}

bool kept_include(const Directive& d) {
  llvm::StringRef name = d.rest;
  if (name.size() < 2 || (name.front() != '<' && name.front() != '"')) return false;
  name = name.drop_front().take_until([](char c) { return c == '>' || c == '"'; });
  return nvrtc_compiles_header(name.str());
}

bool kept(const Directive& d) {
  for (const char* k :
       {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif", "define", "undef"})
    if (d.keyword == k) return true;
  return d.keyword == "include" && kept_include(d);
}

llvm::StringRef text_of(const DeviceConditional& group, const clang::SourceManager& sm) {
  return sm.getBufferData(group.file).slice(group.begin, group.end);
}

// `#elifdef X` as `#elif defined X` (and #elifndef likewise): NVRTC (CUDA 13.0) does not know the
// C++23 directives that Clang accepts.
std::string spelled_for_nvrtc(llvm::StringRef line) {
  llvm::StringRef rest = line.ltrim();
  std::string indent = line.take_front(line.size() - rest.size()).str();
  if (!rest.consume_front("#")) return line.str();
  rest = rest.ltrim(" \t");
  for (auto [keyword, spelled] :
       {std::pair{"elifdef", "elif defined"}, {"elifndef", "elif !defined"}})
    if (rest.starts_with(keyword) && rest.size() > llvm::StringRef(keyword).size() &&
        (rest[llvm::StringRef(keyword).size()] == ' ' ||
         rest[llvm::StringRef(keyword).size()] == '\t'))
      return indent + "#" + spelled + rest.drop_front(llvm::StringRef(keyword).size()).str();
  return line.str();
}

std::string spelled_for_nvrtc_lines(llvm::StringRef text) {
  std::string out;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    out += spelled_for_nvrtc(line);
    if (text.size() > line.size()) out += "\n";
    text = rest;
  }
  return out;
}

}  // namespace

std::string directives_of(const DeviceConditional& group, const clang::SourceManager& sm) {
  std::string out;
  for (const Directive& d : directives_in(text_of(group, sm)))
    if (kept(d)) out += spelled_for_nvrtc_lines(d.text) + "\n";
  return out;
}

std::string whole_text_of(const DeviceConditional& group, const clang::SourceManager& sm) {
  return spelled_for_nvrtc_lines(text_of(group, sm));
}

bool has_other_branches(const DeviceConditional& group, const clang::SourceManager& sm) {
  int depth = 0;
  for (const Directive& d : directives_in(text_of(group, sm))) {
    llvm::StringRef k = d.keyword;
    if (k == "if" || k == "ifdef" || k == "ifndef") ++depth;
    if (k == "endif") --depth;
    if (depth == 1 && (k == "else" || k.starts_with("elif"))) return true;
  }
  return false;
}

bool includes_device_header(const DeviceConditional& group, const clang::SourceManager& sm) {
  for (const Directive& d : directives_in(text_of(group, sm)))
    if (d.keyword == "include" && kept_include(d)) return true;
  return false;
}

}  // namespace tiletune::tool
