#include "store/gathered_record.h"

#include <tiletune/error.h>

#include <charconv>

namespace tiletune::detail {
namespace {

constexpr std::string_view kMagic = "tiletune-gathered 1";

[[noreturn]] void malformed(const std::string& what) {
  throw Error("the all-gathered bytes are not a tiletune record (" + what +
              "): does every rank run the same build, and does the all-gather function return "
              "every rank's bytes whole, in rank order?");
}

void put(std::string& out, std::string_view name, std::size_t value) {
  out += std::string(name) + " = " + std::to_string(value) + "\n";
}

// Reads "name = <number>\n" from the front of `text`.
std::size_t take(std::string_view& text, std::string_view name) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) malformed("no " + std::string(name) + " line");
  std::string_view line = text.substr(0, end);
  text.remove_prefix(end + 1);
  const std::string prefix = std::string(name) + " = ";
  if (line.substr(0, prefix.size()) != prefix)
    malformed("expected '" + prefix + "...', got '" + std::string(line) + "'");
  line.remove_prefix(prefix.size());
  std::size_t value = 0;
  auto [at, error] = std::from_chars(line.data(), line.data() + line.size(), value);
  if (error != std::errc() || at != line.data() + line.size())
    malformed(std::string(name) + " '" + std::string(line) + "' is not a number");
  return value;
}

// The `size` bytes at the front of `text`, which must hold them.
std::string_view take_bytes(std::string_view& text, std::size_t size, std::string_view what) {
  if (size > text.size()) malformed(std::string(what) + " runs past the end");
  const std::string_view bytes = text.substr(0, size);
  text.remove_prefix(size);
  return bytes;
}

}  // namespace

std::string encode_gathered(const GatheredRecord& record) {
  std::string out = std::string(kMagic) + "\n";
  put(out, "rank", static_cast<std::size_t>(record.rank));
  put(out, "launch_count", static_cast<std::size_t>(record.launch_count));
  put(out, "launches", record.launches.size());
  for (const GatheredLaunch& launch : record.launches) {
    put(out, "launch", static_cast<std::size_t>(launch.index));
    put(out, "failure_bytes", launch.failure.size());
    out += launch.failure;
    put(out, "winners", launch.winners.size());
    for (const BroadcastRecord& winner : launch.winners) {
      const std::string bytes = encode_broadcast(winner);
      put(out, "winner_bytes", bytes.size());
      out += bytes;
    }
  }
  return out;
}

GatheredRecord decode_gathered(std::string_view bytes) {
  std::string_view text = bytes;
  if (text.substr(0, kMagic.size() + 1) != std::string(kMagic) + "\n")
    malformed("it does not start with '" + std::string(kMagic) + "'");
  text.remove_prefix(kMagic.size() + 1);
  GatheredRecord record;
  record.rank = static_cast<int>(take(text, "rank"));
  record.launch_count = static_cast<int>(take(text, "launch_count"));
  const std::size_t launches = take(text, "launches");
  for (std::size_t l = 0; l < launches; ++l) {
    GatheredLaunch launch;
    launch.index = static_cast<int>(take(text, "launch"));
    launch.failure = std::string(take_bytes(text, take(text, "failure_bytes"), "a failure"));
    const std::size_t winners = take(text, "winners");
    for (std::size_t w = 0; w < winners; ++w) {
      const std::string_view winner = take_bytes(text, take(text, "winner_bytes"), "a winner");
      try {
        launch.winners.push_back(decode_broadcast(winner));
      } catch (const Error& e) {
        malformed(std::string("a winner: ") + e.what());
      }
    }
    record.launches.push_back(std::move(launch));
  }
  if (!text.empty()) malformed("bytes after the last launch");
  return record;
}

}  // namespace tiletune::detail
