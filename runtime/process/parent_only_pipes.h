// Pipes that a child the application forks does not keep: the runtime's pipes to its NVRTC
// workers. A worker knows its runtime has gone when its stdin has no writer left; a forked child
// keeps a copy of every descriptor for as long as it lives (close-on-exec closes them only at an
// exec), so without this a worker would outlive its killed runtime by as long as any child the
// application forked. Every end of such a pipe is closed in each forked child before fork()
// returns there (a pthread_atfork handler), both ends of a new pipe are in from the start, and one
// is closed here with no fork in between.
#pragma once

namespace tiletune::detail {

// pipe2(fds, O_CLOEXEC) with both ends closed in forked children. False (errno set) on failure.
bool open_parent_only_pipe(int (&fds)[2]);

// Closes one end of such a pipe. -1 is ignored.
void close_parent_only(int fd);

}  // namespace tiletune::detail
