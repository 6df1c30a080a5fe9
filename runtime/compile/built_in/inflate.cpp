#include "compile/built_in/inflate.h"

#include <zlib.h>

namespace tiletune::detail {

std::string inflated(const BuiltInFile& file, std::string& problem) {
  const auto fails = [&](const std::string& why) {
    problem = "the built-in " + std::string(file.name) + " cannot be inflated (" + why +
              "); rebuild libtiletune and relink the program";
    return std::string();
  };
  // One byte of room more than recorded: a stream that inflates to more is told apart from one
  // that fits exactly.
  std::string bytes(file.size + 1, '\0');
  uLongf produced = bytes.size();
  uLong consumed = file.compressed.size();
  const int status =
      ::uncompress2(reinterpret_cast<Bytef*>(bytes.data()), &produced,
                    reinterpret_cast<const Bytef*>(file.compressed.data()), &consumed);
  const std::string recorded = std::to_string(file.size) + " bytes recorded";
  if (status == Z_BUF_ERROR) return fails("it inflates to more than the " + recorded);
  if (status != Z_OK) return fails(std::string("zlib: ") + ::zError(status));
  if (produced != file.size)
    return fails("it inflates to " + std::to_string(produced) + " bytes, " + recorded);
  if (consumed != file.compressed.size()) return fails("bytes follow the end of its zlib stream");
  bytes.resize(file.size);
  problem.clear();
  return bytes;
}

}  // namespace tiletune::detail
