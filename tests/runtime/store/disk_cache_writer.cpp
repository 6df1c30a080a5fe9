// One of several processes that write the same keys into one disk cache directory at once:
//   disk_cache_writer <directory> <keys> <rounds>
// Each round stores every key, then reads every key back; each read must find the whole file for
// its key (a torn file would fail its checks and be discarded). Exit 0: all good; 1: a read came
// back missing or wrong; 2: bad arguments; 3: the cache warned (refused or failed a write).
#include "store/disk_cache.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

// About 1 MiB that differs between keys; every writer of a key writes the same bytes, as every
// process compiling one variant does.
tiletune::detail::CompiledKernel kernel_for(int key) {
  tiletune::detail::CompiledKernel kernel;
  kernel.entry = "entry_" + std::to_string(key);
  kernel.registers = key;
  kernel.cubin.resize(1 << 20);
  unsigned state = 2166136261u + static_cast<unsigned>(key);
  for (char& c : kernel.cubin) {
    state = state * 1664525u + 1013904223u;
    c = static_cast<char>(state >> 24);
  }
  return kernel;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  const int keys = std::atoi(argv[2]);
  const int rounds = std::atoi(argv[3]);
  auto cache = tiletune::detail::DiskCache::open(argv[1], [](const std::string& warning) {
    std::fprintf(stderr, "disk_cache_writer: %s\n", warning.c_str());
    std::exit(3);
  });
  for (int round = 0; round < rounds; ++round) {
    for (int key = 0; key < keys; ++key) {
      if (!cache->store("key " + std::to_string(key), kernel_for(key))) return 3;
    }
    for (int key = 0; key < keys; ++key) {
      const auto loaded = cache->load("key " + std::to_string(key));
      const auto expected = kernel_for(key);
      if (!loaded || loaded->cubin != expected.cubin || loaded->entry != expected.entry ||
          loaded->registers != expected.registers) {
        std::fprintf(stderr, "disk_cache_writer: key %d read back %s\n", key,
                     loaded ? "wrong" : "missing");
        return 1;
      }
    }
  }
  return 0;
}
