// Tuning split across the ranks of a job: the application hands the runtime an all-gather
// function (wrapping MPI_Allgather(v), NCCL's all-gather or torch.distributed.all_gather_object)
// and calls tune_ahead with the launches it will make (a warm-up over the shapes it will see).
// Each rank runs about 1/N of them (dealt N at a time, each round in the other direction: launches
// 0 to N-1 on ranks 0 to N-1, N to 2N-1 on ranks N-1 to 0, ...; every rank computes the same
// assignment), tuning their keys as any process does (or finding them stored); then every rank's
// winners reach every rank through one all-gather, and each rank launches them from then on
// without measuring. No MPI here: the function is the application's.
//
//   tiletune::set_all_gather(tiletune::AllGather{rank, size, [](const std::string& mine) {
//     int size = 0, n = static_cast<int>(mine.size());
//     MPI_Comm_size(MPI_COMM_WORLD, &size);
//     std::vector<int> counts(size), offsets(size);
//     MPI_Allgather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
//     for (int r = 1; r < size; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
//     std::string all(offsets[size - 1] + counts[size - 1], '\0');
//     MPI_Allgatherv(mine.data(), n, MPI_CHAR, all.data(), counts.data(), offsets.data(),
//                    MPI_CHAR, MPI_COMM_WORLD);
//     std::vector<std::string> out;
//     for (int r = 0; r < size; ++r) out.push_back(all.substr(offsets[r], counts[r]));
//     return out;
//   }});
//   tiletune::tune_ahead({[&] { matmul(a, b, c, 512); }, [&] { matmul(a, b, c, 1024); }, ...});
//
// tune_ahead is collective: every rank calls it with the same launches in the same order (their
// number and order decide the assignment; what each does is the rank's own). A launch runs only on
// the rank it is assigned to, so it must be one the application can run there at any time (a
// warm-up on scratch buffers, not a step of the computation). Every other rank's winner for a key
// a launch met is kept, and that key's first launch on this rank takes it: compiled and loaded
// here, not measured, said in the log ("tile=128 from rank 2 (tuned there); not measured here"),
// with TuningResult::from_rank set. The keys a launch meets are the first launches it makes on the
// calling thread: a key this rank already launched before tune_ahead is not sent again, and
// neither is one launched by a thread the launch starts. A key that launches on several ranks meet
// (a site whose key does not change with the shape) is decided on each; the decision of the lowest
// launch that met it is every rank's, a rank whose own differs forgetting it (Site::forget).
//
// Failures: a launch that throws on its rank (no GPU there, no configuration that runs) is run
// again, after a second all-gather, on one of the ranks whose launches all succeeded (assigned the
// same way, over those ranks); what fails there too is a tiletune::Error on every rank, naming each
// such launch, the ranks and their reasons, once every winner that was found has been kept. Every
// rank calls the all-gather the same number of times whatever fails, so none is left waiting.
//
// A key that no launch of tune_ahead met is decided at its first launch as before: by the
// broadcast hook (broadcast.h) where one is set, else by the process alone. Without an all-gather
// function, tune_ahead runs every launch here (one rank): a warm-up with the same failure rules.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tiletune {

struct AllGather {
  int rank = 0;  // this process's rank, 0 <= rank < size
  int size = 1;  // the number of ranks
  // Called on every rank with this rank's bytes; returns every rank's bytes, in rank order (the
  // same vector on every rank). An exception it throws reaches tune_ahead's caller.
  std::function<std::vector<std::string>(const std::string& mine)> bytes;
};

// Sets the process's all-gather; one with no function (the default, or AllGather{}) turns it
// off: tune_ahead runs every launch here. Set it before calling tune_ahead.
void set_all_gather(AllGather all_gather);

// What tune_ahead did on this rank.
struct TunedAhead {
  std::vector<int> ran_here;  // the indices of the launches this rank ran (and tuned), in order
  int received = 0;           // winners received from other ranks, kept for their first launches
};

// Runs this rank's share of `launches`, then exchanges every rank's winners (above). Throws
// tiletune::Error when a launch failed on every rank that ran it, when the ranks passed different
// numbers of launches (on every rank, after the first all-gather), when the all-gather function
// returns other than one string per rank, or when its bytes are not every rank's record.
TunedAhead tune_ahead(const std::vector<std::function<void()>>& launches);

}  // namespace tiletune
