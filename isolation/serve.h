// The worker side of WorkerPool: the main loop of a worker executable.
#pragma once

#include <functional>
#include <string>

namespace poolcheck::isolation {

// Before anything else, moves the protocol (stdin/stdout) to private descriptors, points fd 1 at fd 2 and fd 0
// at /dev/null, so a backend printing to stdout or reading stdin cannot corrupt the protocol; what it prints
// lands in the pool's log tail instead.
// Then runs `init` once (e.g. load a backend): "" means success, anything else is an error message that the
// handshake carries to the pool (whose constructor throws it). After a successful handshake, every request is
// answered with handler(request) until the pool closes the pipe. Returns 0 at that end, 2 on an init error and 1
// when the protocol breaks (a truncated request, a failed write).
// An exception escaping init or handler is not caught: the worker dies as a crash with the message on stderr.
int serve(const std::function<std::string()>& init, const std::function<std::string(const std::string&)>& handler);

}  // namespace poolcheck::isolation
