// Reading a whole file without trusting its size: a file planted where this program reads (a
// sparse file of gigabytes, /dev/zero, a FIFO, a file that grows while read) costs at most the
// bound the caller gives, never the file's own size. Every whole read of the tool and the
// runtime goes through here.
#pragma once

#include <cstddef>
#include <string>

namespace tiletune::files {

enum class ReadOutcome {
  kWhole,     // `text` holds everything up to the end of the file
  kTooLarge,  // the file holds more than the bound: `text` is not to be used
  kFailed,    // a read failed (errno set): `text` is not to be used
};

// Reads `fd` from where it is to its end into `text`, but never more than `limit` + 1 bytes, nor
// memory for more than that whatever its size says. Through short and interrupted reads.
ReadOutcome read_bounded(int fd, std::size_t limit, std::string& text);

// "16 MiB", "4 KiB", "100 bytes": a bound as messages write it.
std::string size_text(std::size_t bytes);

}  // namespace tiletune::files
