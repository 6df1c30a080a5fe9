// One tuned site on every rank of an MPI job, on the fake device: each rank's device makes a
// different tile the fastest, so ranks that tune for themselves disagree. With `hook`, MPI_Bcast
// is the runtime's broadcast and rank 0's winner is every rank's. Each rank prints
//   rank R tuned=0|1 winner=tile=T
// and rank 0 then prints "ranks=N tunings=T winners=W" (W: distinct winners). With `split`,
// MPI_Allgatherv is the runtime's all-gather and tune_ahead splits 8 keys across the ranks: each
// rank prints "rank R tuned=T winners=TILE,TILE,..." (its 8 winners) and rank 0 then prints
// "ranks=N keys=8 tunings=T,T,.. winner_sets=W" (W: distinct winner lists). Every rank keeps its
// results in its own directory under DIR. Exit 1 on an error or a bad command line.
#include "runtime.h"
#include "support/fake_device.h"

#include <tiletune/all_gather.h>
#include <tiletune/broadcast.h>
#include <tiletune/site.h>

#include <mpi.h>

#include <cstdio>
#include <cstring>
#include <functional>
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

// Every rank's bytes, in rank order, on every rank: their sizes, then the bytes.
std::vector<std::string> mpi_all_gather(const std::string& mine) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int count = static_cast<int>(mine.size());
  std::vector<int> counts(size), offsets(size);
  MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 1; r < size; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
  std::string all(static_cast<std::size_t>(offsets[size - 1] + counts[size - 1]), '\0');
  MPI_Allgatherv(mine.data(), count, MPI_CHAR, all.data(), counts.data(), offsets.data(), MPI_CHAR,
                 MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; r < size; ++r) out.push_back(all.substr(offsets[r], counts[r]));
  return out;
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

// tune_ahead over the keys n = 1000 * (i + 1), i < 8, then a launch of each: this rank's winners
// ("64,256,..."), and how many of them it measured itself.
std::pair<std::string, int> run_split(int rank, const std::string& directory) {
  const std::string fastest = "(" + std::to_string(kTiles[(rank + 2) % kTiles.size()]) + ")";
  tiletune::RuntimeOptions options;
  options.results_file = directory + "/rank" + std::to_string(rank) + "/results.txt";
  options.log = stderr;
  tiletune::Runtime runtime(
      std::make_unique<FakeDevice>([fastest](const std::string& v, const tiletune::Geometry&) {
        return v.find(fastest) != std::string::npos ? 1.0 : 3.0;
      }),
      std::make_shared<FakeCompiler>(), options);
  tiletune::Site site(vadd_site(), &runtime);
  auto launch = [&](int i) {
    int n = 1000 * (i + 1);
    void* args[1] = {&n};
    site.launch(
        tiletune::key(n),
        [&](const tiletune::Config& c) {
          return tiletune::Geometry{tiletune::Dim((n + c[0] - 1) / c[0]), tiletune::Dim(c[0]), 0,
                                    nullptr};
        },
        args);
  };
  std::vector<std::function<void()>> launches;
  for (int i = 0; i < 8; ++i) launches.push_back([&launch, i] { launch(i); });
  tiletune::tune_ahead(launches);
  std::string winners;
  int tuned = 0;
  for (int i = 0; i < 8; ++i) {
    launch(i);
    const tiletune::TuningResult r = *site.result(tiletune::key(1000 * (i + 1)));
    winners += (i ? "," : "") + std::to_string(r.best_config()[0]);
    tuned += r.tuned && r.from_rank < 0 && !r.from_file;
  }
  return {winners, tuned};
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 3 || (std::strcmp(argv[1], "hook") && std::strcmp(argv[1], "no-hook") &&
                    std::strcmp(argv[1], "split"))) {
    if (rank == 0) std::fprintf(stderr, "usage: mpi_ranks_program hook|no-hook|split DIR\n");
    MPI_Finalize();
    return 1;
  }
  if (!std::strcmp(argv[1], "split")) {
    tiletune::set_all_gather({rank, size, mpi_all_gather});
    std::pair<std::string, int> mine;
    try {
      mine = run_split(rank, argv[2]);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    std::printf("rank %d tuned=%d winners=%s\n", rank, mine.second, mine.first.c_str());
    std::fflush(stdout);
    const std::vector<std::string> winners = mpi_all_gather(mine.first);
    const std::vector<std::string> tunings = mpi_all_gather(std::to_string(mine.second));
    if (rank == 0) {
      std::string counts;
      for (const std::string& t : tunings) counts += (counts.empty() ? "" : ",") + t;
      std::printf("ranks=%d keys=8 tunings=%s winner_sets=%zu\n", size, counts.c_str(),
                  std::set<std::string>(winners.begin(), winners.end()).size());
    }
    MPI_Finalize();
    return 0;
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
