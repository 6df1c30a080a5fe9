// Issue 34, tuning across ranks: N MPI ranks, one GPU each (rank r on GPU r), the matmul site at 16
// sizes. `split`: tune_ahead with MPI_Allgatherv as the all-gather (each rank tunes 16/N keys),
// then every rank launches every size. `root`: the broadcast hook, every rank launches every size,
// rank 0 tunes each and the others adopt its winner. The tuning phase is timed between two
// barriers; rank 0 prints
//   mode=split ranks=4 keys=16 phase_s=1.234 tunings=4,4,4,4 winner_sets=1
// (tunings: keys each rank measured itself; winner_sets: distinct lists of 16 winners among the
// ranks, 1 when they all agree). Every rank keeps its results in DIR/rankR/ (fresh: everything is
// tuned); compiles come from TILETUNE_CACHE_DIR as the caller left it.
//   mpirun -np 4 cluster_ranks split|root DIR
#include "cluster_support.h"

#include "compile/nvrtc_compiler.h"
#include "store/disk_cache.h"

#include <tiletune/all_gather.h>
#include <tiletune/broadcast.h>

#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <set>

using namespace tiletune;
using namespace tiletune::bench;

namespace {

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

void mpi_broadcast(std::string& bytes) {
  unsigned long long size = bytes.size();
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  bytes.resize(size);
  MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc != 3 || (std::strcmp(argv[1], "split") && std::strcmp(argv[1], "root"))) {
    if (rank == 0) std::fprintf(stderr, "usage: cluster_ranks split|root DIR\n");
    MPI_Finalize();
    return 1;
  }
  const bool split = !std::strcmp(argv[1], "split");
  if (!use_gpu(rank)) MPI_Abort(MPI_COMM_WORLD, 1);
  std::unique_ptr<detail::Device> device = open_gpu_or_skip("cluster_ranks");
  if (!device) MPI_Abort(MPI_COMM_WORLD, 1);
  detail::Device& d = *device;
  RuntimeOptions options = RuntimeOptions::from_environment();
  options.results_file = std::string(argv[2]) + "/rank" + std::to_string(rank) + "/results.txt";
  auto compiler = std::make_shared<detail::NvrtcCompiler>(
      detail::DiskCache::open(detail::DiskCache::default_directory()), options.pch);
  Runtime runtime(std::move(device), compiler, options);
  Site site(matmul_site(), &runtime);
  MatmulSizes sizes(d);
  const int keys = static_cast<int>(sizes.size());

  MPI_Barrier(MPI_COMM_WORLD);
  const Clock::time_point start = Clock::now();
  try {
    if (split) {
      set_all_gather(AllGather{rank, size, mpi_all_gather});
      std::vector<std::function<void()>> launches;
      for (int i = 0; i < keys; ++i) launches.push_back([&, i] { sizes.launch(site, i); });
      tune_ahead(launches);
    } else {
      set_broadcast(Broadcast{rank == 0, mpi_broadcast});
    }
    for (int i = 0; i < keys; ++i) sizes.launch(site, i);  // adopts, or (root) tunes
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  const double phase_s = seconds_since(start);

  std::string winners;
  int tuned = 0;
  for (int i = 0; i < keys; ++i) {
    winners += winner_at(site, i) + ";";
    const TuningResult r = *site.result(key(cluster_sizes()[static_cast<std::size_t>(i)]));
    tuned += r.tuned && !r.from_file && !r.from_root && r.from_rank < 0 && !r.cache_hit;
  }
  const std::vector<std::string> all_winners = mpi_all_gather(winners);
  const std::vector<std::string> all_tuned = mpi_all_gather(std::to_string(tuned));
  if (rank == 0) {
    std::string counts;
    for (const std::string& t : all_tuned) counts += (counts.empty() ? "" : ",") + t;
    std::printf("mode=%s ranks=%d keys=%d phase_s=%.3f tunings=%s winner_sets=%zu\n", argv[1], size,
                keys, phase_s, counts.c_str(),
                std::set<std::string>(all_winners.begin(), all_winners.end()).size());
  }
  MPI_Finalize();
  return 0;
}
