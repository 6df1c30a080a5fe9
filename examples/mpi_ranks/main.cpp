// mpi_ranks: one winner across the ranks of an MPI job. main wraps MPI_Bcast into tiletune's
// broadcast hook, runs the tuned site (tuned_site.cu) on every rank and prints, per rank, the
// winner and whether that rank tuned; rank 0 then prints "ranks=N tunings=T winners=W". Exit 1 when
// the ranks disagree or an output is wrong.
//
//   mpirun -np 4 mpi_ranks [--no-hook] [CACHE_BASE]
// --no-hook: each rank tunes for itself. CACHE_BASE: each rank's cache directory is
// CACHE_BASE/rankR (ranks sharing one would take turns through its lock instead).
#include "tuned_site.h"

#include <tiletune/broadcast.h>
#include <tiletune/error.h>

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

// Rank 0's bytes to every rank: their size, then the bytes.
void mpi_broadcast(std::string& bytes) {
  unsigned long long size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  bytes.resize(size);
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

// Every rank's string, on rank 0.
std::vector<std::string> gather(const std::string& mine, int rank, int size) {
  char buffer[256] = {};
  std::strncpy(buffer, mine.c_str(), sizeof buffer - 1);
  std::vector<char> all(rank == 0 ? sizeof buffer * size : 0);
  MPI_Gather(buffer, sizeof buffer, MPI_CHAR, all.data(), sizeof buffer, MPI_CHAR, 0,
             MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; rank == 0 && r < size; ++r) out.emplace_back(&all[r * sizeof buffer]);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  bool hook = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--no-hook")) {
      hook = false;
    } else {
      const std::string directory = std::string(argv[i]) + "/rank" + std::to_string(rank);
      setenv("TILETUNE_CACHE_DIR", directory.c_str(), 1);  // read at the first launch
    }
  }
  if (hook) tiletune::set_broadcast(tiletune::Broadcast{rank == 0, mpi_broadcast});

  mpi_ranks::SiteOutcome outcome;
  try {
    outcome = mpi_ranks::run_tuned_site();
  } catch (const tiletune::Error& e) {
    std::fprintf(stderr, "mpi_ranks: rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  if (!outcome.gpu) {
    if (rank == 0)
      std::printf("mpi_ranks: built; no CUDA GPU on this machine, so it stops here.\n");
    MPI_Finalize();
    return 0;
  }
  const std::string line = "rank " + std::to_string(rank) +
                           " tuned=" + std::to_string(outcome.tuned) + " winner=" + outcome.winner +
                           (outcome.correct ? "" : " WRONG OUTPUT");
  const std::vector<std::string> lines = gather(line, rank, size);
  const std::vector<std::string> winners = gather(outcome.winner, rank, size);
  int wrong = !outcome.correct, any_wrong = 0;
  MPI_Reduce(&wrong, &any_wrong, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  int status = 0;
  if (rank == 0) {
    int tunings = 0;
    for (const std::string& l : lines) {
      std::printf("%s\n", l.c_str());
      tunings += l.find(" tuned=1 ") != std::string::npos;
    }
    const std::size_t distinct = std::set<std::string>(winners.begin(), winners.end()).size();
    if (hook && distinct != 1) std::printf("mpi_ranks: FAILED: the ranks disagree\n");
    if (any_wrong) std::printf("mpi_ranks: FAILED: %d ranks computed a wrong output\n", any_wrong);
    status = (hook && distinct != 1) || any_wrong;
    std::printf("ranks=%d tunings=%d winners=%zu\n", size, tunings, distinct);
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
