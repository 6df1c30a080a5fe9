#include "annotation/search_values.h"

#include "search/search_strategies.h"

#include <cctype>
#include <cstdlib>

namespace tiletune::tool {

const std::vector<std::string>& search_strategy_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const detail::StrategyEntry& s : detail::kStrategies) out.emplace_back(s.name);
    return out;
  }();
  return names;
}

std::string search_strategy_enumerator(std::string_view name) {
  const detail::StrategyEntry* s = detail::strategy_entry(name);
  return s ? "::tiletune::SearchStrategy::" + std::string(s->enumerator) : "";
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::optional<double> budget_seconds(std::string_view text) {
  text = trimmed(text);
  std::size_t digits = 0;
  bool point = false;
  while (digits < text.size() && (std::isdigit(static_cast<unsigned char>(text[digits])) ||
                                  (text[digits] == '.' && !point))) {
    point = point || text[digits] == '.';
    ++digits;
  }
  if (digits == 0 || (digits == 1 && point)) return std::nullopt;
  const double number = std::strtod(std::string(text.substr(0, digits)).c_str(), nullptr);
  const std::string_view unit = text.substr(digits);
  if (unit == "s") return number;
  if (unit == "ms") return number / 1000;
  if (unit == "min") return number * 60;
  return std::nullopt;
}

}  // namespace tiletune::tool
