// plot: one tuning's points from a results file or a TILETUNE_LOG=1 log, chosen by site and key,
// drawn as well-formed, deterministic SVG with escaped text and the winner marked.
#include "results/plot.h"
#include "results/tuning_points.h"
#include "results_text.h"

#include <tiletune/tuning_result.h>

#include <gtest/gtest.h>

#include <regex>

namespace tiletune::results {
namespace {

using testing::vadd_block;

const std::string kMeasured =
    "measured = tile=64 occupancy=1 2\n"
    "measured = tile=128 occupancy=2 0.5\n"
    "measured = tile=256 occupancy=1 0.75\n";

std::vector<TuningPoints> from_results(const std::string& text) {
  std::vector<std::string> problems;
  return points_from_results(detail::parse_results(text, "r.txt", &problems));
}

// What TILETUNE_LOG=1 prints for a tuning of `site` (with `kernel`) whose configurations took
// `ms` (0: failed), the best at `best`; or of a winner read from the results file.
std::string log_table(const std::string& site, const std::string& kernel, long long n,
                      const std::vector<std::pair<Config, double>>& ms, int best,
                      bool from_file = false) {
  TuningResult r;
  r.from_file = from_file;
  r.site = site;
  r.kernel = kernel;
  r.key = key(n);
  r.axis_names = {"tile", "occupancy"};
  for (const auto& [config, t] : ms) {
    Measurement m;
    m.config = config;
    m.ok = t > 0;
    m.median_ms = t;
    m.failure = "fake compile error";
    m.samples = 5;
    r.measurements.push_back(m);
  }
  r.best = best;
  return r.table();
}

// The tags of `svg` nest and close, attribute values are quoted, and text holds no bare '<' or
// '&' (xmllint checks the same files in results_cli_test).
void expect_well_formed(const std::string& svg) {
  std::vector<std::string> open;
  const std::regex tag(
      R"(<(/?)([A-Za-z?][A-Za-z0-9:_-]*)((?:\s+[A-Za-z][A-Za-z0-9:_-]*="[^"<]*")*)\s*(/?\??)>)");
  std::size_t at = 0;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator();
       ++it) {
    const std::smatch& m = *it;
    const std::string between = svg.substr(at, m.position() - at);
    EXPECT_EQ(between.find('<'), std::string::npos) << between;
    for (std::size_t amp = between.find('&'); amp != std::string::npos;
         amp = between.find('&', amp + 1))
      EXPECT_TRUE(std::regex_search(between.substr(amp), std::regex("^&(amp|lt|gt|quot|apos);")))
          << between;
    at = m.position() + m.length();
    if (m[2] == "?xml") continue;
    if (m[1] == "/") {
      ASSERT_FALSE(open.empty()) << m.str();
      EXPECT_EQ(open.back(), m[2].str());
      open.pop_back();
    } else if (m[4] != "/") {
      open.push_back(m[2]);
    }
  }
  EXPECT_TRUE(open.empty());
  EXPECT_EQ(svg.substr(at), "\n");
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Plot, FromResultsWithTheWinnerMarked) {
  const std::vector<TuningPoints> t =
      from_results(vadd_block("4096", "tile=128 occupancy=2", 0.5, kMeasured) +
                   vadd_block("8192", "tile=128 occupancy=2", 0.5));  // no measured lines
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].points.size(), 3u);
  const std::string svg = plot(t[0]);
  expect_well_formed(svg);
  // A point per configuration in each of the two panels, and a ring round the winner in each.
  EXPECT_EQ(count(svg, "<circle"), 3 * 2 + 2);
  EXPECT_EQ(count(svg, "stroke=\"crimson\""), 2);
  EXPECT_EQ(count(svg, "tile=128 occupancy=2: 0.5 ms (winner)"), 2);
  EXPECT_NE(svg.find(">by tile</text>"), std::string::npos);
  EXPECT_NE(svg.find(">by occupancy</text>"), std::string::npos);
  EXPECT_NE(svg.find("vadd.cu:12 vadd&lt;$tile&gt; key=(4096)"), std::string::npos);
  EXPECT_EQ(svg, plot(t[0]));
  // Times up to 2 ms: ticks every 0.5 ms up to 2.5.
  for (const char* tick : {">0</text>", ">0.5</text>", ">1</text>", ">2</text>", ">2.5</text>"})
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  // Everything is drawn inside the picture.
  const double height = std::stod(svg.substr(svg.find("height=\"") + 8));
  const std::regex y(R"re( c?y2?="([0-9.]+)")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), y); it != std::sregex_iterator();
       ++it)
    EXPECT_LE(std::stod((*it)[1]), height) << it->str();
}

TEST(Plot, FromATuningLog) {
  const std::string log =
      "tiletune: some other line key=(oops\n" +
      log_table("/src/vadd.cu:12", "vadd<$tile>", 4096,
                {{{64, 1}, 2.0}, {{128, 2}, 0.5}, {{256, 1}, 0}}, 1) +
      "tiletune: unrelated\n" +
      log_table("/src/vadd.cu:12", "vadd<$tile>", 8192, {{{64, 1}, 4.0}, {{128, 2}, 3.0}}, 1) +
      log_table("/src/vadd.cu:12", "vadd<$tile>", 8192, {{{128, 2}, 3.0}}, 0, true);
  ASSERT_TRUE(looks_like_log(log));
  const std::vector<TuningPoints> t = points_from_log(log);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].site, "/src/vadd.cu:12 vadd<$tile>");
  EXPECT_EQ(t[0].key, key(4096));
  EXPECT_EQ(t[0].axis_names, (std::vector<std::string>{"tile", "occupancy"}));
  ASSERT_EQ(t[0].points.size(), 2u);  // the failed configuration did not run
  EXPECT_EQ(t[0].points[1].config, (Config{128, 2}));
  EXPECT_EQ(t[0].points[1].median_ms, 0.5);
  EXPECT_EQ(t[0].winner, (Config{128, 2}));
  EXPECT_EQ(t[1].key, key(8192));
  EXPECT_EQ(t[1].points.size(), 2u);  // the later table from the results file is no tuning
  expect_well_formed(plot(t[1]));
}

TEST(Plot, AResultsFileIsNotALog) {
  EXPECT_FALSE(looks_like_log(vadd_block("4096", "tile=128 occupancy=2", 0.5, kMeasured)));
}

TEST(Plot, SelectsBySiteAndKey) {
  const std::vector<TuningPoints> t =
      from_results(vadd_block("4096", "tile=128 occupancy=2", 0.5, kMeasured) +
                   vadd_block("8192", "tile=128 occupancy=2", 0.5, kMeasured));
  std::string why;
  EXPECT_FALSE(select(t, {}, why));
  EXPECT_NE(why.find("several tunings match"), std::string::npos) << why;
  EXPECT_NE(why.find("vadd.cu:12 vadd<$tile> --key 8192"), std::string::npos) << why;
  why.clear();
  const std::optional<TuningPoints> one = select(t, {"vadd.cu", "(8192)"}, why);
  ASSERT_TRUE(one) << why;
  EXPECT_EQ(one->key, key(8192));
  EXPECT_FALSE(select(t, {"other.cu", ""}, why));
  EXPECT_NE(why.find("no tuning matches --site 'other.cu'"), std::string::npos) << why;
  EXPECT_FALSE(select({}, {}, why));
  EXPECT_EQ(why, "no tuning with a time per configuration in it");
}

TEST(Plot, ARepeatedTableCountsOnce) {
  const std::string table = log_table("vadd.cu:12", "vadd", 4096, {{{64, 1}, 2.0}}, 0);
  std::string why;
  EXPECT_TRUE(select(points_from_log(table + table), {}, why)) << why;
}

TEST(Plot, TimesOfZeroStillDraw) {
  TuningPoints t;
  t.site = "f.cu:1 k";
  t.axis_names = {"x"};
  t.points = {{Config{1}, 0.0}, {Config{2}, 0.0}};
  t.winner = Config{1};
  const std::string svg = plot(t);
  expect_well_formed(svg);
  EXPECT_NE(svg.find(">5</text>"), std::string::npos);  // a unit step when nothing took time
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

TEST(Plot, EscapesText) {
  TuningPoints t;
  t.site = "f.cu:1 k<a&b>";
  t.axis_names = {"x"};
  t.points = {{Config{1}, 1.0}};
  const std::string svg = plot(t);
  expect_well_formed(svg);
  EXPECT_NE(svg.find("k&lt;a&amp;b&gt;"), std::string::npos);
  EXPECT_EQ(count(svg, "crimson"), 0);  // no winner given, none marked
}

// Whether `svg` holds only characters XML 1.0 allows: valid UTF-8, no control character but the
// line ends the picture is made of.
bool only_xml_characters(const std::string& svg) {
  for (std::size_t i = 0; i < svg.size();) {
    const auto b = static_cast<unsigned char>(svg[i]);
    if (b == '\n' || (b >= 0x20 && b < 0x7f)) {
      ++i;
      continue;
    }
    if (b < 0xc2 || b > 0xf4) return false;  // a control, DEL, a stray or overlong lead byte
    const std::size_t length = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    if (i + length > svg.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(svg[i + k]) & 0xc0) != 0x80) return false;
    // U+0080..U+009F, the C1 controls, are two bytes starting 0xc2 0x80..0x9f.
    if (b == 0xc2 && static_cast<unsigned char>(svg[i + 1]) < 0xa0) return false;
    i += length;
  }
  return true;
}

TEST(Plot, NamesWithControlCharactersOrBytesThatAreNotUtf8StillMakeWellFormedXml) {
  TuningPoints t;
  t.site = std::string("f.cu:1 k\x1b]0;title\x07<\xff\xfe>\x01\xc2\x85 caf\xc3\xa9");
  t.axis_names = {std::string("x\x0b\xc0\xaf")};
  t.points = {{Config{1}, 1.0}};
  const std::string svg = plot(t);
  expect_well_formed(svg);
  EXPECT_TRUE(only_xml_characters(svg)) << svg;
  // Each byte that could not go in is there for the eye, as \xHH; valid UTF-8 stays as it is.
  EXPECT_NE(svg.find("k\\x1b]0;title\\x07&lt;\\xff\\xfe&gt;\\x01\\xc2\\x85 caf\xc3\xa9"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("by x\\x0b\\xc0\\xaf"), std::string::npos) << svg;
}

TEST(Plot, ConfigurationsWithoutAFiniteTimeAreLeftOutAndTheTitleSaysHowMany) {
  std::vector<TuningPoints> t = from_results(vadd_block("4096", "tile=128 occupancy=2", 0.5) +
                                             "measured = tile=64 occupancy=1 nan\n"
                                             "measured = tile=128 occupancy=2 0.5\n"
                                             "measured = tile=256 occupancy=1 inf\n"
                                             "measured = tile=512 occupancy=1 -inf\n");
  ASSERT_EQ(t.size(), 1u);
  ASSERT_EQ(t[0].points.size(), 4u);
  const std::string svg = plot(t[0]);
  expect_well_formed(svg);
  EXPECT_EQ(svg.find("nan"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("inf"), std::string::npos) << svg;
  EXPECT_EQ(count(svg, "<circle"), 2 + 2);  // the one finite point in each panel, ringed
  EXPECT_NE(svg.find("; 3 without a finite time not drawn"), std::string::npos) << svg;
}

}  // namespace
}  // namespace tiletune::results
