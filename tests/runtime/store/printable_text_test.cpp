// Text from a results file as the terminal and the SVG get it: printable UTF-8 as it is, every
// byte of a control character or of what is not UTF-8 as \xHH, so that nothing reaches a terminal
// or an XML reader as control and nothing is lost to the eye.
#include "store/printable_text.h"

#include <gtest/gtest.h>

#include <string>

namespace tiletune::detail {
namespace {

TEST(PrintableText, EscapeSequencesReachTheTerminalAsText) {
  EXPECT_EQ(terminal_text("vadd.cu:12 vadd<$tile>"), "vadd.cu:12 vadd<$tile>");
  EXPECT_EQ(terminal_text("\x1b]0;owned\x07\x1b[2J"), "\\x1b]0;owned\\x07\\x1b[2J");
  EXPECT_EQ(terminal_text(std::string("a\0b\tc\nd\re\x7f", 10)), "a\\x00b\\x09c\\x0ad\\x0de\\x7f");
  // C1 controls, as UTF-8 (U+009B is a one-character CSI on some terminals).
  EXPECT_EQ(terminal_text("\xc2\x9b"
                          "2J \xc2\x85"),
            "\\xc2\\x9b"
            "2J \\xc2\\x85");
}

TEST(PrintableText, ValidUtf8StaysAndEveryOtherByteIsWrittenOut) {
  EXPECT_EQ(terminal_text("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80"),
            "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80");
  EXPECT_EQ(terminal_text("\xff\xfe"), "\\xff\\xfe");                    // never UTF-8
  EXPECT_EQ(terminal_text("\xc0\xaf"), "\\xc0\\xaf");                    // an overlong '/'
  EXPECT_EQ(terminal_text("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // a surrogate
  EXPECT_EQ(terminal_text("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(terminal_text("ab\xe2\x86"), "ab\\xe2\\x86");                // cut short
  EXPECT_EQ(terminal_text("\x80"
                          "a"),
            "\\x80"
            "a");  // a stray continuation
}

TEST(PrintableText, XmlTextIsAlwaysCharacterDataXmlAllows) {
  EXPECT_EQ(xml_text("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(xml_text("k\x1b[1m\x01"), "k\\x1b[1m\\x01");
  EXPECT_EQ(xml_text("\xef\xbf\xbe\xef\xbf\xbf"), "\\xef\\xbf\\xbe\\xef\\xbf\\xbf");  // U+FFFE/F
  EXPECT_EQ(xml_text("\xff<"), "\\xff&lt;");
  EXPECT_EQ(xml_text("caf\xc3\xa9"), "caf\xc3\xa9");
}

TEST(PrintableText, WidthCountsCharactersNotBytes) {
  EXPECT_EQ(shown_width("tile=128"), 8u);
  EXPECT_EQ(shown_width("caf\xc3\xa9 \xe2\x86\x92"), 6u);
  EXPECT_EQ(shown_width(terminal_text("\x1b")), 4u);
}

}  // namespace
}  // namespace tiletune::detail
