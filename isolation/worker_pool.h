// An out-of-process worker pool: requests run in child processes, so a backend that segfaults, aborts or hangs
// becomes a reported Completion (Crashed / TimedOut) and the pool replaces the worker, instead of ending the
// caller's process.
//
// Each worker is an executable that calls serve() (see isolation/serve.h, included below). Pool and worker talk
// over the worker's stdin/stdout with length-prefixed frames; the worker's stderr is collected line by line so a
// crash report carries the last lines it wrote (e.g. a sanitizer report).
//
// A worker holds up to `depth` requests: the first in service, the others already waiting in its stdin pipe, so a
// worker that answers finds its next request there instead of sleeping until the pool wakes to send it. A crash
// or timeout is the outcome of the request in service only; those queued behind it were never started and go to
// another worker (or the replacement), where they run as if just submitted.
//
// Not thread-safe: use one pool from one thread. Workers get PR_SET_PDEATHSIG(SIGKILL), which Linux ties to the
// *thread* that forked them, so that thread should outlive the pool. Workers are children of this process: do not
// ignore SIGCHLD and do not reap them with waitpid(-1, ...) elsewhere, or their exit status is lost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "isolation/serve.h"

namespace poolcheck::isolation {

// How to start one worker: an executable (a path, or a bare name looked up in PATH), its arguments (argv[1..])
// and environment variables added to (or replacing those of) this process's environment.
struct WorkerCommand {
  std::string executable;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> env;
};

struct PoolOptions {
  int workers = 1;
  int depth = 2;                // requests a worker holds at once: one in service, the rest queued (1: no queue)
  size_t log_tail_lines = 20;   // stderr lines kept per request for the report
  bool forward_stderr = false;  // also copy every worker stderr line to this process's stderr, as "[worker PID] ..."
  double startup_timeout = 30;  // seconds to wait for a worker's handshake
  size_t max_response_bytes = size_t{1} << 30;  // a worker announcing a bigger answer is killed (protocol error)
};

enum class CompletionKind { Ok, Crashed, TimedOut };
const char* completion_kind_name(CompletionKind kind);

struct Completion {
  uint64_t ticket = 0;
  CompletionKind kind = CompletionKind::Ok;
  std::string response;        // Ok only
  int signal = 0;              // Crashed by a signal: its number
  int exit_status = -1;        // Crashed by exiting (any status) before answering
  std::string protocol_error;  // Crashed because the worker broke the protocol (it was then killed)
  // From entering service to completion. A request enters service when its worker has answered the one before it
  // (as the pool reads that answer), or when it is given to an idle worker. The limit applies to this time less
  // what the worker's main thread spent ready to run but waiting for a CPU (Linux's /proc/PID/schedstat; without
  // it, to all of it): a busy machine delays a request, it does not time it out.
  double seconds = 0;
  double timeout_seconds = 0;         // the limit given to submit
  int pid = 0;                        // the worker process that served the request
  std::vector<std::string> log_tail;  // last stderr lines the worker wrote while this request was in service

  // "answered in 0.01 s", "killed by signal 11 (SIGSEGV)", "exited with status 3 before answering",
  // "timed out after 2.00 s (limit 2.00 s)", "protocol error: ...".
  std::string describe() const;
};

class WorkerPool {
 public:
  // Starts `opts.workers` workers and waits for each one's handshake. Throws std::invalid_argument for bad options
  // and std::runtime_error naming the executable and the reason (not found, not executable, the worker's own init
  // error, died during start-up with its stderr tail, no handshake within startup_timeout).
  WorkerPool(WorkerCommand cmd, PoolOptions opts);
  // Kills (SIGKILL) and reaps every worker; never throws.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Live workers, including a replacement still in its handshake; a slot whose replacement failed to start is gone.
  int workers() const;
  // Ready workers holding no request. The replacement of a worker that died while idle becomes ready during a
  // later submit() or wait().
  int idle() const;
  int in_flight() const;          // requests submitted and not yet returned by wait()
  int capacity() const;           // requests that may be in flight at once: workers() x depth
  std::vector<int> pids() const;  // process ids of the live workers
  int64_t restarts() const;       // workers replaced so far

  // Sends `request` to the worker holding the fewest requests (or keeps it until a worker is ready); once in
  // service it must finish within `timeout_seconds` (> 0), time waiting for a CPU aside, or the worker is killed.
  // Returns the ticket its Completion will carry. Throws std::logic_error when in_flight() == capacity(),
  // std::invalid_argument for a bad timeout, std::runtime_error if a worker that died while idle cannot be replaced.
  uint64_t submit(const std::string& request, double timeout_seconds);

  // Blocks until one in-flight request completes (answer, crash or timeout) and returns it, earliest finished first.
  // A worker that crashed or timed out is replaced by a fresh one (handshake included) before its Completion is
  // returned, so the pool keeps its size; other workers' answers are not held back by that handshake.
  // Throws std::logic_error when nothing is in flight; std::runtime_error if a replacement cannot start (the
  // Completion it was replacing for is kept and returned by the next call) or no worker is left to serve the
  // requests still waiting.
  Completion wait();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace poolcheck::isolation
