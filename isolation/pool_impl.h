// The pool's internals, shared by its source files: worker_pool.cpp (the public API and starting workers),
// pool_events.cpp (the poll loop and what it reports) and pool_endings.cpp (how a worker's life ends: an answer's
// bookkeeping aside, a crash, a timeout or a failed start).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "isolation/cpu_wait.h"
#include "isolation/fd.h"
#include "isolation/frame.h"
#include "isolation/line_log.h"
#include "isolation/process.h"
#include "isolation/served_mark.h"
#include "isolation/worker_pool.h"

namespace poolcheck::isolation {
namespace detail {

using Clock = std::chrono::steady_clock;

inline constexpr uint64_t kMaxHandshakeBytes = 64 * 1024;
// Less time than this waiting for a CPU does not move a deadline: a request that ran out of its own time ends.
inline constexpr double kMinCpuWaitCredit = 0.001;
// A worker whose pipes closed is normally in the middle of exiting; this is how long it gets to finish.
inline constexpr double kExitGraceSeconds = 2.0;
// After SIGKILL a process dies at once unless it is stuck in the kernel (a driver call); then stop waiting.
inline constexpr double kKillReapSeconds = 5.0;
// Per drain of a live worker's stderr, so a worker that never stops writing cannot starve the others.
inline constexpr size_t kLiveDrainBytes = size_t{1} << 20;
// What is left in a dead worker's stderr is read in full, up to this much (a helper it started may still write).
inline constexpr size_t kDeadDrainBytes = size_t{16} << 20;

inline double seconds_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

inline Clock::time_point seconds_after(Clock::time_point start, double seconds) {
  // Clamped (to ~30 years) so a huge limit cannot overflow the clock's integer ticks.
  return start + std::chrono::ceil<Clock::duration>(std::chrono::duration<double>(std::min(seconds, 1e9)));
}

inline std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

// One worker process and what the pool has read from it.
struct Worker {
  Worker(ChildProcess child, uint64_t serial_number, const PoolOptions& options);

  ChildProcess process;
  uint64_t serial;  // tells a replacement from its predecessor within one poll round
  FrameReader reader;
  LineLog log;
  ServedMarkSplitter marks;
  CpuWaitProbe cpu_wait;
  std::deque<uint64_t> served_ends;  // the log's line count at each served mark whose answer is not read yet
  bool served_a_request = false;
};

// A request not finished yet. Its frame is kept until then: one queued behind a crash is sent again.
struct Request {
  uint64_t ticket = 0;
  std::string frame;
  double timeout_seconds = 0;
};

// A position in the pool: the worker there and its requests, the first in service and the others queued behind
// it in the worker's stdin pipe.
struct Slot {
  // Idle and Busy: a worker past its handshake, without and with requests.
  enum class Phase { Empty, Starting, Idle, Busy };
  Phase phase = Phase::Empty;
  std::unique_ptr<Worker> worker;
  Clock::time_point startup_deadline;

  std::deque<Request> requests;
  size_t frames_sent = 0;       // requests whose frame is fully written, from the front
  size_t frame_bytes_sent = 0;  // of the next frame
  // The request in service: since when, its limit, and the worker's stderr line count when it began.
  Clock::time_point service_start, deadline;
  uint64_t log_mark = 0;
  // The worker's time waiting for a CPU when the request began, and how much of it since then moved the deadline.
  std::optional<double> cpu_wait_at_start;
  double cpu_wait_credited = 0;
};

// A completion not handed out yet; a crash or timeout waits for its slot's replacement to be ready.
struct Finished {
  Completion completion;
  size_t slot = 0;
  bool awaits_replacement = false;
};

// A process that was killed but not reaped in time (stuck in the kernel); reaped later if it ever dies.
struct Straggler {
  pid_t pid;
  UniqueFd pidfd;
};

}  // namespace detail

struct WorkerPool::Impl {
  using Slot = detail::Slot;
  using Worker = detail::Worker;

  Impl(WorkerCommand command_to_run, PoolOptions pool_options)
      : command(std::move(command_to_run)), options(pool_options), slots(static_cast<size_t>(options.workers)) {}
  ~Impl();

  WorkerCommand command;
  PoolOptions options;
  std::vector<Slot> slots;
  std::vector<detail::Straggler> stragglers;
  std::deque<std::string> startup_errors;  // replacement failures not yet thrown to the caller
  std::deque<detail::Request> waiting;     // submitted or re-sent, not yet given to a worker
  std::deque<detail::Finished> finished;   // in the order they finished
  uint64_t next_ticket = 1;
  uint64_t next_serial = 1;
  int64_t restarts = 0;

  int count(bool (*matches)(const Slot&)) const {
    return static_cast<int>(std::count_if(slots.begin(), slots.end(), matches));
  }
  bool any_starting() const {
    return std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.phase == Slot::Phase::Starting; });
  }
  bool any_ready() const {
    return std::any_of(slots.begin(), slots.end(),
                       [](const Slot& s) { return s.phase == Slot::Phase::Idle || s.phase == Slot::Phase::Busy; });
  }
  int live_workers() const {
    return count([](const Slot& s) { return s.phase != Slot::Phase::Empty; });
  }
  int capacity() const { return live_workers() * options.depth; }
  int in_flight() const;
  void throw_startup_error();
  void settle_startups();

  void start(Slot& slot);
  void pump();
  void enforce_deadlines();
  void dispatch();
  void assign(Slot& slot, detail::Request request);
  void begin_service(Slot& slot, uint64_t log_mark);
  bool extend_for_cpu_wait(Slot& slot);
  void requeue_unstarted(Slot& slot, size_t first);

  // Whether it stopped at max_bytes with more possibly left.
  bool drain_stderr(Worker& worker, size_t max_bytes);
  void send_request(Slot& slot);
  void read_stdout(Slot& slot);
  void read_last_answers(Slot& slot);
  void on_handshake(Slot& slot, const std::string& payload);
  void on_response(Slot& slot, std::string payload);
  void on_exit(Slot& slot);

  struct Ending {
    detail::ChildEnd end;
    bool killed_by_pool = false;
  };
  Ending end_process(Worker& worker, bool kill_first);
  void reap_stragglers();

  Completion completion_for(const Slot& slot, CompletionKind kind) const;
  void finish(Slot& slot, Completion completion, bool awaits_replacement);
  void crashed(Slot& slot, std::string protocol_error, bool kill_first);
  void timed_out(Slot& slot);
  void startup_failed(Slot& slot, const std::string& reason);
  void replace_dead_idle(Slot& slot);
};

}  // namespace poolcheck::isolation
