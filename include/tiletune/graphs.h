// CUDA graphs and tuning. A key first launched while its stream captures a graph is captured with
// a provisional configuration (the first that builds) and tunes at its next launch outside
// capture; tiletune records each such captured launch (the graph and its kernel node), so that
// once the key has tuned, update_graph() points the executable graphs made from that capture at the
// winner. Or tune before capturing: inside a TuneAhead scope, launches through tiletune tune their
// keys and run nothing, and the capture that follows holds the winners.
#pragma once

// cudaGraph_t and cudaGraphExec_t (the driver's CUgraph and CUgraphExec) are pointers to these.
struct CUgraph_st;
struct CUgraphExec_st;

namespace tiletune {

// Brings `exec`, an executable graph instantiated from `graph`, up to date: every kernel node of
// `graph` that captured a provisional launch whose key has tuned since is set in `exec` to launch
// the winner (with the winner's grid, block and shared memory, the captured arguments). Returns
// how many nodes of `exec` it changed: 0 when none needed it (nothing provisional was captured,
// the keys have not tuned yet, or `exec` is up to date already). `graph` must still exist. Nodes
// that cannot be changed in place (arguments computed per configuration, a site's shared
// variables, a winner with another cluster size) are left as they are, with a notice in the log:
// capture those again. Thread-safe; throws tiletune::Error when the driver refuses the update.
// Call it for each (graph, executable graph) the application holds after the first launches
// outside capture, e.g. after a warm-up step.
int update_graph(CUgraphExec_st* exec, CUgraph_st* graph);

// While an object of this class lives, the calling thread's launches through tiletune decide
// their keys' winners (tuning where none is stored, as a first launch does) and launch nothing:
// call the code that launches (the function you will capture) with the real arguments inside
// one, before capturing, and the capture holds the winners. Only the launch after the decision is
// left out: a tuning's trials run as at any first launch (writing what the kernel writes, unless
// `restore` names it), and what the code does besides launching through tiletune is not held
// back. Scopes nest.
class TuneAhead {
 public:
  TuneAhead();
  ~TuneAhead();
  TuneAhead(const TuneAhead&) = delete;
  TuneAhead& operator=(const TuneAhead&) = delete;
};

}  // namespace tiletune
