// One tuned site on every rank of an MPI job, on the fake device: each rank's device makes a
// different tile the fastest, so ranks that tune for themselves disagree. With `hook`, MPI_Bcast
// is the runtime's broadcast and rank 0's winner is every rank's. Each rank prints
//   rank R tuned=0|1 winner=tile=T
// and rank 0 then prints "ranks=N tunings=T winners=W" (W: distinct winners). Every rank keeps its
// results in its own directory under DIR. Exit 1 on an error or a bad command line.
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/broadcast.h>
#include <tiletune/site.h>

#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

using tiletune::testing::FakeCompiler;
using tiletune::testing::FakeDevice;

const std::vector<long long> kTiles = {64, 128, 256, 512};

tiletune::SiteInfo vadd_site() {
  tiletune::SiteInfo info;
  info.file = "vadd.cu";
  info.line = 3;
  info.kernel = "vadd<$tile>";
  info.device_source = "template <int T> __global__ void vadd(int) {}";
  info.name_expression = "vadd<$tile>";
  info.space = tiletune::Space::cartesian({{"tile", kTiles}});
  return info;
}

// MPI_Bcast of rank 0's bytes: their size, then the bytes.
void mpi_broadcast(std::string& bytes) {
  unsigned long long size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  bytes.resize(size);
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

// This rank's winning tile, and whether it measured anything.
std::pair<long long, bool> run(int rank, const std::string& directory) {
  // Rank 0's fastest is not the space's first configuration, so adopting is not choosing first.
  const std::string fastest = "(" + std::to_string(kTiles[(rank + 2) % kTiles.size()]) + ")";
  auto device =
      std::make_unique<FakeDevice>([fastest](const std::string& v, const tiletune::Geometry&) {
        return v.find(fastest) != std::string::npos ? 1.0 : 3.0;
      });
  FakeDevice& fake = *device;
  tiletune::RuntimeOptions options;
  options.results_file = directory + "/rank" + std::to_string(rank) + "/results.txt";
  options.log = stderr;
  tiletune::Runtime runtime(std::move(device), std::make_shared<FakeCompiler>(), options);
  tiletune::Site site(vadd_site(), &runtime);
  int n = 1000;
  void* args[1] = {&n};
  auto geometry = [&](const tiletune::Config& c) {
    return tiletune::Geometry{tiletune::Dim((n + c[0] - 1) / c[0]), tiletune::Dim(c[0]), 0,
                              nullptr};
  };
  site.launch(tiletune::key(n), geometry, args);  // the first launch: tunes or adopts
  site.launch(tiletune::key(n), geometry, args);  // the winner
  return {site.result(tiletune::key(n))->best_config()[0], !fake.timed().empty()};
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 3 || (std::strcmp(argv[1], "hook") && std::strcmp(argv[1], "no-hook"))) {
    if (rank == 0) std::fprintf(stderr, "usage: mpi_ranks_program hook|no-hook DIR\n");
    MPI_Finalize();
    return 1;
  }
  if (!std::strcmp(argv[1], "hook")) tiletune::set_broadcast({rank == 0, mpi_broadcast});
  long long winner = 0;
  int tuned = 0;
  try {
    auto [tile, measured] = run(rank, argv[2]);
    winner = tile;
    tuned = measured;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  std::printf("rank %d tuned=%d winner=tile=%lld\n", rank, tuned, winner);
  std::fflush(stdout);
  std::vector<long long> winners(size);
  std::vector<int> tunings(size);
  MPI_Gather(&winner, 1, MPI_LONG_LONG, winners.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  MPI_Gather(&tuned, 1, MPI_INT, tunings.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    int total = 0;
    for (int t : tunings) total += t;
    std::printf("ranks=%d tunings=%d winners=%zu\n", size, total,
                std::set<long long>(winners.begin(), winners.end()).size());
  }
  MPI_Finalize();
  return 0;
}
