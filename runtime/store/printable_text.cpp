#include "store/printable_text.h"

#include <cstdint>
#include <cstdio>

namespace tiletune::detail {
namespace {

// The length of the valid UTF-8 sequence at the start of `text` and its code point; 0 when the
// first byte does not start one (a stray continuation byte, an overlong form, a surrogate, past
// U+10FFFF, or cut short).
std::size_t utf8_sequence(std::string_view text, char32_t& code_point) {
  const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(text[i]); };
  const std::uint8_t lead = byte(0);
  std::size_t length = 0;
  char32_t least = 0;
  if (lead < 0x80) return code_point = lead, 1;
  if ((lead & 0xe0) == 0xc0)
    length = 2, code_point = lead & 0x1f, least = 0x80;
  else if ((lead & 0xf0) == 0xe0)
    length = 3, code_point = lead & 0x0f, least = 0x800;
  else if ((lead & 0xf8) == 0xf0)
    length = 4, code_point = lead & 0x07, least = 0x10000;
  else
    return 0;
  if (text.size() < length) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xc0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(i) & 0x3f);
  }
  const bool surrogate = code_point >= 0xd800 && code_point <= 0xdfff;
  return code_point < least || surrogate || code_point > 0x10ffff ? 0 : length;
}

bool is_control(char32_t c) { return c < 0x20 || (c >= 0x7f && c <= 0x9f); }

void append_escaped_bytes(std::string& out, std::string_view bytes) {
  for (const char b : bytes) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned>(static_cast<unsigned char>(b)));
    out += hex;
  }
}

// `text` with each valid character that `shown` accepts kept (through `append`), and every other
// byte as \xHH.
template <class Shown, class Append>
std::string printable(std::string_view text, Shown shown, Append append) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    char32_t c = 0;
    const std::size_t length = utf8_sequence(text, c);
    if (length == 0) {
      append_escaped_bytes(out, text.substr(0, 1));
      text.remove_prefix(1);
      continue;
    }
    if (shown(c))
      append(out, text.substr(0, length));
    else
      append_escaped_bytes(out, text.substr(0, length));
    text.remove_prefix(length);
  }
  return out;
}

}  // namespace

std::string terminal_text(std::string_view text) {
  return printable(
      text, [](char32_t c) { return !is_control(c); },
      [](std::string& out, std::string_view character) { out += character; });
}

std::string xml_text(std::string_view text) {
  return printable(
      text, [](char32_t c) { return !is_control(c) && c != 0xfffe && c != 0xffff; },
      [](std::string& out, std::string_view character) {
        switch (character[0]) {
          case '&':
            out += "&amp;";
            break;
          case '<':
            out += "&lt;";
            break;
          case '>':
            out += "&gt;";
            break;
          case '"':
            out += "&quot;";
            break;
          case '\'':
            out += "&apos;";
            break;
          default:
            out += character;
        }
      });
}

std::size_t shown_width(std::string_view text) {
  std::size_t width = 0;
  for (const char b : text) width += (static_cast<unsigned char>(b) & 0xc0) != 0x80;
  return width;
}

}  // namespace tiletune::detail
