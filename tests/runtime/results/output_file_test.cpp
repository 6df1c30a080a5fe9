// The results command's outputs: written whole, never over a symbolic link or a non-regular file.
#include "results/output_file.h"
#include "support/temporary_directory.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

namespace tiletune::results {
namespace {

std::string text_of(const std::string& path) {
  const std::vector<char> bytes = testing::read_bytes(path);
  return {bytes.begin(), bytes.end()};
}

TEST(OutputFile, WritesANewFileAndReplacesARegularOne) {
  testing::TemporaryDirectory dir;
  EXPECT_EQ(write_output(dir / "out.txt", "one"), "");
  EXPECT_EQ(text_of(dir / "out.txt"), "one");
  EXPECT_EQ(write_output(dir / "out.txt", "two"), "");
  EXPECT_EQ(text_of(dir / "out.txt"), "two");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

TEST(OutputFile, RefusesASymbolicLink) {
  testing::TemporaryDirectory dir;
  testing::write_bytes(dir / "target.txt", {'k', 'e', 'p', 't'});
  ASSERT_EQ(::symlink((dir / "target.txt").c_str(), (dir / "link.txt").c_str()), 0);
  const std::string why = write_output(dir / "link.txt", "new");
  EXPECT_NE(why.find("is a symbolic link: not replaced"), std::string::npos) << why;
  EXPECT_EQ(text_of(dir / "target.txt"), "kept");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.txt"));
}

TEST(OutputFile, RefusesADirectory) {
  testing::TemporaryDirectory dir;
  std::filesystem::create_directory(dir / "sub");
  const std::string why = write_output(dir / "sub", "new");
  EXPECT_NE(why.find("is not a regular file: not replaced"), std::string::npos) << why;
}

TEST(OutputFile, SaysWhyItCannotCheckThePath) {
  testing::TemporaryDirectory dir;
  testing::write_bytes(dir / "file.txt", {'x'});
  const std::string why = write_output(dir / "file.txt/out.txt", "new");
  EXPECT_NE(why.find("cannot check " + (dir / "file.txt/out.txt") + ": Not a directory"),
            std::string::npos)
      << why;
}

TEST(OutputFile, SaysWhyAWriteFails) {
  testing::TemporaryDirectory dir;
  const std::string why = write_output(dir / "missing/out.txt", "new");
  EXPECT_NE(why, "");
  EXPECT_NE(why.find("missing"), std::string::npos) << why;
}

}  // namespace
}  // namespace tiletune::results
