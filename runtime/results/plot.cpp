#include "results/plot.h"

#include "results/result_text.h"
#include "store/printable_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>
#include <string_view>

namespace tiletune::results {
namespace {

// Layout, in SVG user units (px).
constexpr double kMargin = 16, kGap = 10;
constexpr double kTitleSize = 14, kTextSize = 12;
constexpr double kLineHeight = 18, kRowHeight = 18, kBarHeight = 12;
constexpr double kBarWidth = 320;
// Rows drawn for configurations that ran and for failed ones; the rest are counted in a line.
constexpr std::size_t kMaxRows = 40, kMaxFailedRows = 20;
// Characters of a failure's reason that are drawn.
constexpr std::size_t kReasonLength = 90;
constexpr const char* kWinnerColour = "crimson";
constexpr const char* kOtherColour = "steelblue";
constexpr const char* kFailedColour = "#b00020";
constexpr const char* kQuietColour = "#555555";

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

// Lines of text and shapes, top to bottom, and the widest text so far.
class Canvas {
 public:
  double y = kMargin;

  void text(double x, double baseline, const std::string& s, double size, const char* colour,
            bool bold = false, const char* anchor = "start") {
    body_ += "<text x=\"" + number(x) + "\" y=\"" + number(baseline) + "\" font-size=\"" +
             number(size) + "\" fill=\"" + colour + "\" text-anchor=\"" + anchor + "\"" +
             (bold ? " font-weight=\"bold\"" : "") + ">" + detail::xml_text(s) + "</text>\n";
    const double w = text_width(s, size) * (bold ? 1.1 : 1.0);
    right_ = std::max(right_, std::string(anchor) == "end" ? x : x + w);
  }
  void line_of_text(const std::string& s, double size, const char* colour, bool bold = false) {
    y += size == kTitleSize ? kLineHeight + 2 : kLineHeight;
    text(kMargin, y, s, size, colour, bold);
  }
  void bar(double x, double top, double width, const char* colour) {
    body_ += "<rect x=\"" + number(x) + "\" y=\"" + number(top) + "\" width=\"" +
             number(std::max(width, 1.0)) + "\" height=\"" + number(kBarHeight) + "\" fill=\"" +
             colour + "\"/>\n";
    right_ = std::max(right_, x + width);
  }
  std::string svg() const {
    const double width = right_ + kMargin, height = y + kMargin;
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
           number(width) + "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) +
           " " + number(height) + "\" font-family=\"sans-serif\">\n" +
           "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body_ + "</svg>\n";
  }

 private:
  std::string body_;
  double right_ = 0;
};

std::string ratio_text(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2fx", ratio);
  return text;
}

// The measured configurations, fastest first; of equal times the winner first, then the order
// they ran in.
std::vector<const detail::MeasuredConfig*> fastest_first(const TuningPoints& t) {
  std::vector<const detail::MeasuredConfig*> rows;
  for (const detail::MeasuredConfig& p : t.points) rows.push_back(&p);
  auto won = [&](const detail::MeasuredConfig* p) { return t.winner && p->config == *t.winner; };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto* a, const auto* b) {
    return a->median_ms < b->median_ms || (a->median_ms == b->median_ms && won(a) && !won(b));
  });
  return rows;
}

// The winner's row; null when the data names none (or it did not run here).
const detail::MeasuredConfig* winner_of(const TuningPoints& t,
                                        const std::vector<const detail::MeasuredConfig*>& rows) {
  for (const detail::MeasuredConfig* p : rows)
    if (t.winner && p->config == *t.winner) return p;
  return nullptr;
}

// "winner tile=128: 0.5 ms; the next fastest (tile=256) takes 1.50x as long, the slowest 4.00x".
// (The tuner's winner need not have the lowest median: a configuration stopped early or run
// under other conditions may show less, so "faster by" could mislead.)
std::string verdict(const TuningPoints& t, const std::vector<const detail::MeasuredConfig*>& rows,
                    const detail::MeasuredConfig& winner) {
  std::string out = "winner " + config_text(t.axis_names, winner.config) + ": " +
                    ms_text(winner.median_ms) + " ms";
  const detail::MeasuredConfig* next = nullptr;
  for (const detail::MeasuredConfig* p : rows)
    if (p != &winner) {
      next = p;
      break;
    }
  if (next == nullptr || !(winner.median_ms > 0)) return out;
  out += "; the next fastest (" + config_text(t.axis_names, next->config) + ") takes " +
         ratio_text(next->median_ms / winner.median_ms) + " as long";
  if (rows.size() > 2)
    out += ", the slowest " + ratio_text(rows.back()->median_ms / winner.median_ms);
  return out;
}

// The combinations of the values the axes take in the data that are not in it: configurations
// the space's `where` removed (or, from a results file, that failed), with up to three named.
std::string absent_combinations(const TuningPoints& t) {
  std::vector<Config> present;
  for (const detail::MeasuredConfig& p : t.points) present.push_back(p.config);
  for (const FailedConfig& f : t.failed) present.push_back(f.config);
  if (present.empty() || !t.not_tried.empty()) return "";  // a search that sampled: not `where`
  const std::size_t axes = static_cast<std::size_t>(present.front().size());
  std::vector<std::set<long long>> values(axes);
  for (const Config& c : present)
    for (std::size_t a = 0; a < axes && a < static_cast<std::size_t>(c.size()); ++a)
      values[a].insert(c[static_cast<int>(a)]);
  std::size_t combinations = 1;
  for (const auto& v : values) {
    combinations *= v.size();
    if (combinations > 100000) return "";  // too many to enumerate: say nothing rather than guess
  }
  std::set<std::vector<long long>> seen;
  for (const Config& c : present) {
    std::vector<long long> v;
    for (int a = 0; a < c.size(); ++a) v.push_back(c[a]);
    seen.insert(v);
  }
  std::vector<std::string> named;
  std::size_t absent = 0;
  std::vector<long long> combination(axes);
  for (std::size_t i = 0; i < combinations; ++i) {
    std::size_t rest = i;
    for (std::size_t a = axes; a-- > 0;) {
      auto it = values[a].begin();
      std::advance(it, static_cast<long>(rest % values[a].size()));
      combination[a] = *it;
      rest /= values[a].size();
    }
    if (seen.count(combination)) continue;
    if (++absent <= 3) {
      Config c;
      for (long long v : combination) c.push_back(v);
      named.push_back(config_text(t.axis_names, c));
    }
  }
  if (absent == 0) return "";
  std::string out = std::to_string(absent) + " combination" + (absent == 1 ? "" : "s") +
                    " of these values not in the space (removed by where";
  out += t.from_log ? ")" : ", or failed: TILETUNE_LOG=1 shows failures)";
  out += ": ";
  for (std::size_t i = 0; i < named.size(); ++i) out += (i ? ", " : "") + named[i];
  return out + (absent > named.size() ? ", ..." : "");
}

void draw_rows(const TuningPoints& t, const std::vector<const detail::MeasuredConfig*>& rows,
               const detail::MeasuredConfig* winner, Canvas& canvas) {
  double label_width = 0;
  for (const detail::MeasuredConfig* p : rows)
    label_width =
        std::max(label_width, text_width(config_text(t.axis_names, p->config), kTextSize));
  for (const FailedConfig& f : t.failed)
    label_width = std::max(label_width, text_width(config_text(t.axis_names, f.config), kTextSize));
  const double bar_left = kMargin + label_width + kGap;
  const double slowest = rows.empty() ? 0 : rows.back()->median_ms;
  canvas.y += kGap / 2;
  for (std::size_t i = 0; i < rows.size() && i < kMaxRows; ++i) {
    const detail::MeasuredConfig& p = *rows[i];
    const bool won = &p == winner;
    const char* colour = won ? kWinnerColour : kOtherColour;
    const double top = canvas.y + (kRowHeight - kBarHeight) / 2;
    canvas.text(bar_left - kGap, canvas.y + kRowHeight - 5, config_text(t.axis_names, p.config),
                kTextSize, won ? kWinnerColour : "black", won, "end");
    const double width = slowest > 0 ? kBarWidth * p.median_ms / slowest : 0;
    canvas.bar(bar_left, top, width, colour);
    std::string value = ms_text(p.median_ms) + " ms";
    if (won)
      value += "  winner";
    else if (winner && winner->median_ms > 0)
      value += "  " + ratio_text(p.median_ms / winner->median_ms);
    canvas.text(bar_left + width + 6, canvas.y + kRowHeight - 5, value, kTextSize,
                won ? kWinnerColour : "black", won);
    canvas.y += kRowHeight;
  }
  if (rows.size() > kMaxRows)
    canvas.line_of_text("... and " + std::to_string(rows.size() - kMaxRows) +
                            " slower configurations, up to " + ms_text(slowest) + " ms",
                        kTextSize, kQuietColour);
  for (std::size_t i = 0; i < t.failed.size() && i < kMaxFailedRows; ++i) {
    const FailedConfig& f = t.failed[i];
    std::string why = f.why.size() > kReasonLength ? f.why.substr(0, kReasonLength) + "..." : f.why;
    canvas.text(bar_left - kGap, canvas.y + kRowHeight - 5, config_text(t.axis_names, f.config),
                kTextSize, kFailedColour, false, "end");
    canvas.text(bar_left, canvas.y + kRowHeight - 5, "failed: " + why, kTextSize, kFailedColour);
    canvas.y += kRowHeight;
  }
  if (t.failed.size() > kMaxFailedRows)
    canvas.line_of_text("... and " + std::to_string(t.failed.size() - kMaxFailedRows) +
                            " more failed configurations",
                        kTextSize, kFailedColour);
}

}  // namespace

double text_width(const std::string& text, double size) {
  double em = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte: counted with its lead
    if (std::string_view(" .,:;()[]'!|ijlftr/-").find(static_cast<char>(c)) !=
        std::string_view::npos)
      em += 0.42;
    else if (c == 'M' || c == 'W' || c == 'm' || c == 'w' || c == '@' || c == '%' || c >= 0x80)
      em += 1.0;
    else if (std::isupper(c) || c == '=' || c == '+' || c == '<' || c == '>' || c == '~' ||
             c == '#' || c == '&' || c == '$')
      em += 0.84;
    else
      em += 0.66;
  }
  return em * size;
}

std::string plot(const TuningPoints& tuning) {
  // Only finite times have a bar; a bar of nan or inf would be width="nan".
  TuningPoints t = tuning;
  std::erase_if(t.points,
                [](const detail::MeasuredConfig& p) { return !std::isfinite(p.median_ms); });
  const std::size_t not_drawn = tuning.points.size() - t.points.size();
  const std::vector<const detail::MeasuredConfig*> rows = fastest_first(t);
  const detail::MeasuredConfig* winner = winner_of(t, rows);
  Canvas canvas;
  canvas.line_of_text(t.site + " key=" + key_text(t.key), kTitleSize, "black", true);
  if (winner) canvas.line_of_text(verdict(t, rows, *winner), kTextSize, kWinnerColour, true);
  std::string counts = std::to_string(t.points.size()) + " configuration" +
                       (t.points.size() == 1 ? "" : "s") + " ran";
  if (t.from_log) counts += ", " + std::to_string(t.failed.size()) + " failed";
  if (not_drawn > 0)
    counts += ", " + std::to_string(not_drawn) + " without a finite time not drawn";
  canvas.line_of_text(counts + "; median time per configuration, fastest first", kTextSize,
                      kQuietColour);
  draw_rows(t, rows, winner, canvas);
  for (const std::string& line : t.not_tried) canvas.line_of_text(line, kTextSize, kQuietColour);
  if (std::string absent = absent_combinations(t); !absent.empty())
    canvas.line_of_text(absent, kTextSize, kQuietColour);
  return canvas.svg();
}

}  // namespace tiletune::results
