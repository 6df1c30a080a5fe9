// libFuzzer target for the results-file parser. The properties: any text parses without
// misbehaving and reports at most the first five problems plus one count; the results it reads,
// written back with its malformed blocks kept verbatim, read back as the same results and the
// same malformed blocks. A crash, a hang, a sanitizer report or a broken property (abort) fails.
#include "store/results_format.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

using tiletune::detail::StoredResult;

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "results_fuzzer: %s\n", what);
  std::abort();
}

bool same(const StoredResult& a, const StoredResult& b) {
  return a.same_identity(b) && a.site == b.site && a.versions == b.versions &&
         a.space_checksum == b.space_checksum && a.axis_names == b.axis_names && a.best == b.best;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> problems;
  std::vector<std::string> unreadable;
  const std::vector<StoredResult> results =
      tiletune::detail::parse_results(text, "fuzz.txt", &problems, &unreadable);
  if (problems.size() > 6) broken("more than five problems and a count");

  const std::string written = tiletune::detail::format_results(results, unreadable);
  std::vector<std::string> unreadable_again;
  const std::vector<StoredResult> again =
      tiletune::detail::parse_results(written, "again.txt", nullptr, &unreadable_again);
  if (again.size() != results.size()) broken("a written result does not read back");
  for (std::size_t i = 0; i < results.size(); ++i)
    if (!same(results[i], again[i])) broken("a result reads back different");
  if (unreadable_again != unreadable) broken("a malformed block is not kept as it was");
  return 0;
}
