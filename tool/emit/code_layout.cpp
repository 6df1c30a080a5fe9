#include "emit/code_layout.h"

#include "source_text/code_writer.h"

#include <algorithm>
#include <utility>

namespace tiletune::tool {

Code::Code(std::string text, unsigned origin) : text_(std::move(text)), origin_(origin) {}
Code::Code(const char* text) : text_(text) {}

Code Code::concat(std::vector<Code> pieces) {
  Code code;
  code.kind_ = Kind::Concat;
  code.children_ = std::move(pieces);
  return code;
}

Code Code::list(std::string open, std::vector<Code> items, std::string close) {
  Code code;
  code.kind_ = Kind::List;
  code.text_ = std::move(open);
  code.close_ = std::move(close);
  code.children_ = std::move(items);
  return code;
}

Code Code::block(std::string open, std::vector<Code> statements, std::string close) {
  Code code = list(std::move(open), std::move(statements), std::move(close));
  code.kind_ = Kind::Block;
  return code;
}

Code Code::words(std::vector<Code> pieces, std::string one_line) {
  Code code = concat(std::move(pieces));
  code.kind_ = Kind::Words;
  code.text_ = std::move(one_line);
  return code;
}

Code string_code(std::string_view text) {
  std::string_view const whole = text;
  // Pieces of at most this many characters, each ending after a separator where it has one.
  constexpr std::size_t kPiece = 48;
  std::vector<Code> pieces;
  while (!text.empty()) {
    std::size_t length = std::min(text.size(), kPiece);
    if (length < text.size()) {
      std::size_t const separator = text.substr(0, length).find_last_of(" /:");
      if (separator != std::string_view::npos) length = separator + 1;
    }
    pieces.push_back(string_literal(text.substr(0, length)));
    text.remove_prefix(length);
  }
  if (pieces.size() <= 1) return string_literal(whole);
  return Code::words(std::move(pieces), string_literal(whole));
}

namespace {

// The code on one line, and the origin of its first text that has one.
struct Flat {
  std::string text;
  unsigned origin = 0;

  void add(const std::string& more, unsigned more_origin) {
    text += more;
    if (!origin) origin = more_origin;
  }
};

void flatten(const Code& code, Flat& out) {
  using K = Code::Kind;
  const std::vector<Code>& children = code.children();
  if (code.kind() == K::Words && !code.text().empty()) return out.add(code.text(), 0);
  const char* separator = code.kind() == K::List ? ", " : " ";
  out.add(code.text(), code.origin());
  if (code.kind() == K::Block) out.add(children.empty() ? "" : " ", 0);
  for (std::size_t i = 0; i < children.size(); ++i) {
    if (i && code.kind() != K::Concat) out.add(separator, 0);
    flatten(children[i], out);
  }
  if (code.kind() == K::Block) out.add(children.empty() ? "" : " ", 0);
  out.add(code.close(), 0);
}

Flat flat(const Code& code) {
  Flat out;
  flatten(code, out);
  return out;
}

// The one user's line that the texts in `code` come from: 0 for none, kMixedOrigins for several.
constexpr unsigned kMixedOrigins = ~0u;

unsigned origin_of(const Code& code) {
  unsigned origin = code.origin();
  for (const Code& child : code.children()) {
    unsigned const o = origin_of(child);
    if (o && origin && o != origin) return kMixedOrigins;
    if (o) origin = o;
  }
  return origin;
}

// The width up to the first place `code` can break, and whether it can break at all.
std::pair<std::size_t, bool> head_width(const Code& code) {
  switch (code.kind()) {
    case Code::Kind::Text:
      return {code.text().size(), false};
    case Code::Kind::Concat: {
      std::size_t width = 0;
      for (const Code& child : code.children()) {
        auto [child_width, breaks] = head_width(child);
        width += child_width;
        if (breaks) return {width, true};
      }
      return {width, false};
    }
    case Code::Kind::Words:
      return {code.children().empty() ? 0 : flat(code.children().front()).text.size(), true};
    default:
      return {code.text().size(), true};
  }
}

class Layout {
 public:
  explicit Layout(unsigned indent) { start_line(indent); }

  // Lays out `code`, which `trailing` more columns follow on its last line.
  void put(const Code& code, std::size_t trailing) {
    if (code.kind() == Code::Kind::Concat) return put_pieces(code.children(), trailing);
    Flat one_line = flat(code);
    if (code.kind() == Code::Kind::Text || fits(code, one_line.text.size() + trailing))
      return add(one_line.text, one_line.origin);
    if (code.kind() == Code::Kind::List) return put_broken_list(code, trailing);
    if (code.kind() == Code::Kind::Words) return put_broken_words(code.children(), trailing);
    put_broken_block(code);
  }

  std::vector<CodeLine> finish() {
    lines_.push_back(std::move(line_));
    return std::move(lines_);
  }

 private:
  void put_pieces(const std::vector<Code>& pieces, std::size_t trailing) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      // What must follow this piece on its line: the rest up to where it can break.
      std::size_t after = 0;
      bool breaks = false;
      for (std::size_t j = i + 1; j < pieces.size() && !breaks; ++j) {
        auto [width, can_break] = head_width(pieces[j]);
        after += width;
        breaks = can_break;
      }
      put(pieces[i], breaks ? after : after + trailing);
    }
  }

  void put_broken_list(const Code& code, std::size_t trailing) {
    add(code.text(), code.origin());
    unsigned const indent = indent_ + 4;
    const std::vector<Code>& items = code.children();
    bool line_start = true;
    start_line(indent);
    for (std::size_t i = 0; i < items.size(); ++i) {
      bool const last = i + 1 == items.size();
      std::size_t const after = last ? code.close().size() + trailing : 1;
      if (!line_start) {
        if (fits(items[i], 1 + flat(items[i]).text.size() + after))
          add(" ", 0);
        else
          start_line(indent);
      }
      std::size_t const lines_before = lines_.size();
      put(items[i], after);
      if (!last) add(",", 0);
      line_start = lines_.size() != lines_before && !last;  // after a broken item, a new line
      if (line_start) start_line(indent);
    }
    add(code.close(), 0);
  }

  void put_broken_words(const std::vector<Code>& words, std::size_t trailing) {
    unsigned const indent = indent_ + 4;
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::size_t const after = i + 1 == words.size() ? trailing : 0;
      if (i && fits(words[i], 1 + flat(words[i]).text.size() + after))
        add(" ", 0);
      else if (i)
        start_line(indent);
      put(words[i], after);
    }
  }

  void put_broken_block(const Code& code) {
    unsigned const indent = indent_;
    add(code.text(), code.origin());
    for (const Code& statement : code.children()) {
      start_line(indent + 2);
      put(statement, 0);
    }
    start_line(indent);
    add(code.close(), 0);
  }

  // `code` can go on the current line in `width` columns: there is room, and its text comes from
  // the same line of the user's file as the line's (so #line can report it there).
  bool fits(const Code& code, std::size_t width) const {
    unsigned const origin = origin_of(code);
    if (origin == kMixedOrigins || (origin && line_.origin && origin != line_.origin)) return false;
    return line_.text.size() + width <= kMaxColumns;
  }

  void add(const std::string& text, unsigned origin) {
    line_.text += text;
    if (!line_.origin) line_.origin = origin;
  }

  void start_line(unsigned indent) {
    if (started_) lines_.push_back(std::move(line_));
    started_ = true;
    line_ = CodeLine{std::string(indent, ' '), 0};
    indent_ = indent;
  }

  std::vector<CodeLine> lines_;
  CodeLine line_;
  unsigned indent_ = 0;
  bool started_ = false;
};

}  // namespace

std::vector<CodeLine> lay_out(const Code& code, unsigned indent) {
  Layout layout(indent);
  layout.put(code, 0);
  return layout.finish();
}

std::string with_line_directives(const std::vector<CodeLine>& lines, unsigned first_line,
                                 std::string_view file) {
  unsigned line = !lines.empty() && lines.front().origin ? lines.front().origin : first_line;
  std::string out = line_directive(line, file);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i) ++line;
    if (i && lines[i].origin && lines[i].origin != line) {
      line = lines[i].origin;
      out += line_directive(line, file);
    }
    out += lines[i].text + "\n";
  }
  return out;
}

}  // namespace tiletune::tool
