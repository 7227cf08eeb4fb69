// Child processes for the pool: start one from a WorkerCommand with its three pipes, kill it, reap it.
#pragma once

#include <sys/types.h>

#include "isolation/fd.h"
#include "isolation/worker_pool.h"

namespace poolcheck::isolation::detail {

// A started child: its pid, a pidfd (readable once it has exited; empty when the kernel offers none) and the
// parent's non-blocking ends of its stdin (a stream socket), stdout and stderr (pipes).
struct ChildProcess {
  pid_t pid = -1;
  UniqueFd pidfd;
  UniqueFd to_stdin, from_stdout, from_stderr;
};

// fork + execve with stdin on a fresh socket pair and stdout/stderr on fresh pipes. The child gets
// PR_SET_PDEATHSIG(SIGKILL), its own process group, default signal dispositions and an empty signal mask, and inherits
// no other descriptor. Throws std::runtime_error naming the executable when it cannot be started (not found, not
// executable, ...).
ChildProcess spawn_child(const WorkerCommand& command);

// SIGKILL to the child's process group (helpers it started die too) and to the child itself. Only valid until the
// child is reaped: until then neither its pid nor its process group id can be reused.
void kill_child(pid_t pid);

// Waits up to `seconds` (0: only look) for the child to exit, leaving it unreaped. True once it has exited, or if
// it is no longer our child at all.
bool await_exit(pid_t pid, int pidfd, double seconds);

struct ChildEnd {
  enum class State { Ended, Running, Lost };  // Lost: someone else reaped it (or SIGCHLD is ignored)
  State state = State::Running;
  int signal = 0;        // Ended by a signal
  int exit_status = -1;  // Ended by exiting
};
// Reaps the child if it has exited within `seconds` (0: only look).
ChildEnd reap_child(pid_t pid, int pidfd, double seconds);

}  // namespace poolcheck::isolation::detail
