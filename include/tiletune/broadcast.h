// One winner across the ranks of a job: the application hands the runtime a broadcast function
// (wrapping MPI_Bcast, NCCL or a key-value store), and at each key's first launch the root rank
// tunes (or loads its stored winner) and every other rank adopts the root's winner without
// measuring. No MPI here: the function is the application's.
//
//   tiletune::set_broadcast(tiletune::Broadcast{rank == 0, [](std::string& bytes) {
//     unsigned long long size = bytes.size();  // meaningful on the root only
//     MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
//     bytes.resize(size);
//     MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
//   }});
//
// The call is collective, as any collective: every rank must reach the first launch of each key
// (in each CUDA context) in the same order, from one thread (a first launch that another thread of
// the process is already tuning waits for it and calls nothing). What it carries:
// - the root's winner by axis names, its median and its identity (site, key, hints, device,
//   space checksum); a rank whose own site or key differs (the ranks reached their first launches
//   in different orders, or run different builds) throws tiletune::Error naming both;
// - or the root's failure (no configuration ran there): the root rethrows its error and every other
//   rank throws a tiletune::Error naming the site and the root's reason, so no rank is left waiting
//   in a collective the others never reach;
// - a winner that does not build, load or fit the device on another rank is a tiletune::Error
//   there naming the site and the configuration, after the collective has completed everywhere.
// TILETUNE_MODE=pinned on the root: its stored winner, else the first configuration that builds,
// is what it broadcasts; the other ranks never read a results file. A first launch while the stream
// is capturing a CUDA graph never calls the hook: what it captures needs no agreement (the first
// configuration that builds, the same on every rank), and nothing blocks inside the capture. The
// hook is called at the key's first launch outside capture, which, like any other, must come in
// the same order on every rank.
#pragma once

#include <functional>
#include <string>

namespace tiletune {

struct Broadcast {
  // This process is the rank whose winner every rank takes (rank 0 in the example above).
  bool is_root = false;
  // Called with the root's bytes on the root; on every other rank, called with an empty string
  // and must leave in it exactly the root's bytes (their size is the function's to carry, as
  // above). An exception it throws reaches the launch that called it.
  std::function<void(std::string& bytes)> bytes;
};

// Sets the process's broadcast; one with no function (the default, or Broadcast{}) turns the hook
// off: each process tunes for itself. Set it before the first launch of any tuned site.
void set_broadcast(Broadcast broadcast);

}  // namespace tiletune
