#include "results/plot.h"

#include "results/result_text.h"
#include "store/printable_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tiletune::results {
namespace {

// Panel geometry, in SVG user units.
constexpr double kPanelWidth = 360, kPanelHeight = 300;
constexpr double kLeft = 64, kRight = 16, kTop = 56, kBottom = 48;
constexpr int kTicks = 5;

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

std::string text_at(double x, double y, const std::string& anchor, const std::string& text,
                    const std::string& extra = "") {
  return "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" text-anchor=\"" + anchor + "\"" +
         extra + ">" + detail::xml_text(text) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& stroke) {
  return "<line x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(x2) +
         "\" y2=\"" + number(y2) + "\" stroke=\"" + stroke + "\"/>\n";
}

// The panel of axis `a` at x offset `left`: the groups of its values, each configuration's time.
std::string panel(const TuningPoints& t, std::size_t a, double left, double top) {
  const double plot_left = left + kLeft, plot_right = left + kPanelWidth - kRight;
  const double plot_top = kTop, plot_bottom = kTop + kPanelHeight - kBottom;
  auto y_of = [&](double ms) { return plot_bottom - (plot_bottom - plot_top) * ms / top; };

  std::string out = text_at((plot_left + plot_right) / 2, plot_bottom + 36, "middle",
                            "by " + t.axis_names[a], " font-weight=\"bold\"");
  out += line(plot_left, plot_top, plot_left, plot_bottom, "black");
  out += line(plot_left, plot_bottom, plot_right, plot_bottom, "black");
  for (int i = 0; i <= kTicks; ++i) {
    const double ms = top * i / kTicks;
    out += line(plot_left - 4, y_of(ms), plot_left, y_of(ms), "black");
    out += text_at(plot_left - 6, y_of(ms) + 4, "end", ms_text(ms));
  }
  out += text_at(left + 14, (plot_top + plot_bottom) / 2, "middle", "ms",
                 " transform=\"rotate(-90 " + number(left + 14) + " " +
                     number((plot_top + plot_bottom) / 2) + ")\"");

  std::vector<long long> values;
  for (const detail::MeasuredConfig& p : t.points) values.push_back(p.config[a]);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  const double slot = (plot_right - plot_left) / values.size();
  for (std::size_t g = 0; g < values.size(); ++g) {
    const double slot_left = plot_left + slot * g;
    out += text_at(slot_left + slot / 2, plot_bottom + 16, "middle", std::to_string(values[g]));
    std::vector<const detail::MeasuredConfig*> group;
    for (const detail::MeasuredConfig& p : t.points)
      if (p.config[a] == values[g]) group.push_back(&p);
    for (std::size_t k = 0; k < group.size(); ++k) {
      const double x = slot_left + slot * (k + 1) / (group.size() + 1);
      const double y = y_of(group[k]->median_ms);
      const bool winner = t.winner && *t.winner == group[k]->config;
      const std::string label = config_text(t.axis_names, group[k]->config) + ": " +
                                ms_text(group[k]->median_ms) + " ms" + (winner ? " (winner)" : "");
      out += "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"3\" fill=\"" +
             (winner ? "crimson" : "steelblue") + "\"><title>" + detail::xml_text(label) +
             "</title></circle>\n";
      if (winner)
        out += "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) +
               "\" r=\"7\" fill=\"none\" stroke=\"crimson\" stroke-width=\"2\"/>\n";
    }
  }
  return out;
}

// The step between the time axis's ticks: 1, 2 or 5 times a power of ten, the smallest whose
// kTicks steps reach past `slowest` (so the labels are short and the slowest point is below the
// top).
double tick_step(double slowest) {
  if (!(slowest > 0)) return 1;
  double step = std::pow(10.0, std::floor(std::log10(slowest / kTicks)));
  for (double factor : {1.0, 2.0, 5.0, 10.0})
    if (kTicks * step * factor > slowest) return step * factor;
  return step * 10;
}

}  // namespace

std::string plot(const TuningPoints& tuning) {
  // Only finite times have a place on the time axis; a point at nan or inf would be cy="nan".
  TuningPoints t = tuning;
  std::erase_if(t.points,
                [](const detail::MeasuredConfig& p) { return !std::isfinite(p.median_ms); });
  const std::size_t not_drawn = tuning.points.size() - t.points.size();
  double slowest = 0;
  for (const detail::MeasuredConfig& p : t.points) slowest = std::max(slowest, p.median_ms);
  const double top = kTicks * tick_step(slowest);
  const std::size_t panels = std::max<std::size_t>(t.axis_names.size(), 1);
  const double width = kPanelWidth * panels, height = kTop + kPanelHeight;

  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(width) + "\" height=\"" +
         number(height) + "\" viewBox=\"0 0 " + number(width) + " " + number(height) +
         "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  std::string title = t.site + " key=" + key_text(t.key) + ": time per configuration";
  if (t.winner) title += "; winner " + config_text(t.axis_names, *t.winner) + " (ringed)";
  if (not_drawn > 0) title += "; " + std::to_string(not_drawn) + " without a finite time not drawn";
  out += text_at(12, 22, "start", title, " font-size=\"14\"");
  for (std::size_t a = 0; a < t.axis_names.size(); ++a) out += panel(t, a, kPanelWidth * a, top);
  return out + "</svg>\n";
}

}  // namespace tiletune::results
