#include "store/broadcast_record.h"

#include <tiletune/error.h>

#include <charconv>
#include <vector>

namespace tiletune::detail {
namespace {

constexpr std::string_view kMagic = "tiletune-broadcast 1";
constexpr std::string_view kOutcome = "outcome = ";
constexpr std::string_view kFailureBytes = "failure_bytes = ";
constexpr std::string_view kOutcomeNames[] = {"measured", "chosen", "failed"};

[[noreturn]] void malformed(const std::string& what) {
  throw Error("the broadcast bytes are not a tiletune record (" + what +
              "): does every rank run the same build, and does the broadcast function deliver "
              "the root's bytes whole?");
}

// The line at the front of `text` (without its newline), removed from `text`.
std::string_view take_line(std::string_view& text, std::string_view what) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) malformed("no " + std::string(what) + " line");
  const std::string_view line = text.substr(0, end);
  text.remove_prefix(end + 1);
  return line;
}

std::string_view after(std::string_view line, std::string_view prefix) {
  if (line.substr(0, prefix.size()) != prefix)
    malformed("expected '" + std::string(prefix) + "...', got '" + std::string(line) + "'");
  return line.substr(prefix.size());
}

}  // namespace

std::string encode_broadcast(const BroadcastRecord& record) {
  std::string out(kMagic);
  out += "\n" + std::string(kOutcome) +
         std::string(kOutcomeNames[static_cast<int>(record.outcome)]) + "\n";
  out += std::string(kFailureBytes) + std::to_string(record.failure.size()) + "\n";
  out += record.failure;
  out += format_results({record.result});
  return out;
}

BroadcastRecord decode_broadcast(std::string_view bytes) {
  std::string_view text = bytes;
  if (take_line(text, "first") != kMagic)
    malformed("it does not start with '" + std::string(kMagic) + "'");
  BroadcastRecord record;
  const std::string_view outcome = after(take_line(text, "outcome"), kOutcome);
  int index = 0;
  while (index < 3 && kOutcomeNames[index] != outcome) ++index;
  if (index == 3) malformed("unknown outcome '" + std::string(outcome) + "'");
  record.outcome = static_cast<BroadcastRecord::Outcome>(index);
  const std::string_view size_text = after(take_line(text, "failure_bytes"), kFailureBytes);
  std::size_t size = 0;
  auto [end, error] = std::from_chars(size_text.data(), size_text.data() + size_text.size(), size);
  if (error != std::errc() || end != size_text.data() + size_text.size() || size > text.size())
    malformed("failure_bytes '" + std::string(size_text) + "' is not a size within the record");
  record.failure = std::string(text.substr(0, size));
  text.remove_prefix(size);
  std::vector<std::string> problems;
  // Every block counts: a record holds exactly one, not one per identity.
  std::vector<StoredResult> results = parse_result_blocks(text, "broadcast", &problems);
  if (!problems.empty()) malformed(problems.front());
  if (results.size() != 1)
    malformed("it holds " + std::to_string(results.size()) + " results, not 1");
  record.result = std::move(results.front());
  return record;
}

}  // namespace tiletune::detail
