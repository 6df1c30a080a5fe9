// The tuned part of the MPI example, kept apart from MPI: main.cpp runs it on every rank.
#pragma once

#include <string>

namespace mpi_ranks {

struct SiteOutcome {
  bool gpu = false;      // false: no CUDA GPU here, nothing ran
  std::string winner;    // "tile=256 occupancy=2"
  bool tuned = false;    // this rank measured (rather than adopting or loading a winner)
  bool correct = false;  // the output matched the CPU
};

// Tunes (or adopts) and launches the site on this rank's GPU; throws tiletune::Error.
SiteOutcome run_tuned_site();

}  // namespace mpi_ranks
