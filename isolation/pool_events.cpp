// The poll loop: one poll() over every worker's pipes and exit notification, and what each event means.
#include <poll.h>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "isolation/pool_impl.h"

namespace poolcheck::isolation {

using namespace detail;  // the pool's own internals (pool_impl.h)

// One poll() over every worker's pipes and exit notification, bounded by the nearest deadline, then the work it
// reported, then the deadlines.
void WorkerPool::Impl::pump() {
  enum class Channel { Stderr, Stdin, Stdout, Exit };
  struct Watch {
    size_t slot;
    uint64_t serial;
    Channel channel;
  };
  std::vector<pollfd> fds;
  std::vector<Watch> watches;
  std::optional<Clock::time_point> nearest;

  reap_stragglers();
  for (size_t i = 0; i < slots.size(); ++i) {
    Slot& slot = slots[i];
    if (!slot.worker) continue;
    detail::ChildProcess& process = slot.worker->process;
    auto watch = [&](const detail::UniqueFd& fd, short events, Channel channel) {
      if (!fd) return;
      fds.push_back({fd.get(), events, 0});
      watches.push_back({i, slot.worker->serial, channel});
    };
    bool busy = slot.phase == Slot::Phase::Busy;
    bool starting = slot.phase == Slot::Phase::Starting;
    watch(process.from_stderr, POLLIN, Channel::Stderr);
    if (busy && slot.frames_sent < slot.requests.size()) watch(process.to_stdin, POLLOUT, Channel::Stdin);
    if (busy || starting) watch(process.from_stdout, POLLIN, Channel::Stdout);
    watch(process.pidfd, POLLIN, Channel::Exit);
    if (busy || starting) {
      Clock::time_point due = busy ? slot.deadline : slot.startup_deadline;
      if (!nearest || due < *nearest) nearest = due;
    }
  }

  int timeout_ms = -1;
  if (nearest) {
    double left_ms = std::ceil(std::chrono::duration<double, std::milli>(*nearest - Clock::now()).count());
    timeout_ms = static_cast<int>(std::clamp(left_ms, 0.0, static_cast<double>(INT_MAX)));
  }
  // Callers pump only while something is starting or busy, and both have a deadline: never a wait without end.
  if (!nearest) throw std::logic_error("WorkerPool: internal error: waiting with no request and no start-up");
  int ready = ::poll(fds.data(), fds.size(), timeout_ms);
  if (ready < 0 && errno != EINTR)
    throw std::runtime_error(std::string("WorkerPool: poll failed: ") + std::strerror(errno));

  for (size_t k = 0; ready > 0 && k < fds.size(); ++k) {
    if (fds[k].revents == 0) continue;
    Slot& slot = slots[watches[k].slot];
    // An earlier event of this round may have replaced the worker: this one was about its predecessor.
    if (!slot.worker || slot.worker->serial != watches[k].serial) continue;
    switch (watches[k].channel) {
      case Channel::Stderr:
        drain_stderr(*slot.worker, kLiveDrainBytes);
        break;
      case Channel::Stdin:
        if (slot.phase == Slot::Phase::Busy) send_request(slot);
        break;
      case Channel::Stdout:
        // One read may bring several answers: each is handled before poll() is asked again.
        if (slot.phase == Slot::Phase::Busy) {
          read_last_answers(slot);
        } else if (slot.phase == Slot::Phase::Starting) {
          read_stdout(slot);
        }
        break;
      case Channel::Exit:
        on_exit(slot);
        break;
    }
  }
  enforce_deadlines();
  dispatch();
}

void WorkerPool::Impl::enforce_deadlines() {
  Clock::time_point now = Clock::now();
  for (Slot& slot : slots) {
    if (slot.phase == Slot::Phase::Busy && now >= slot.deadline) {
      read_last_answers(slot);  // an answer that arrived since poll() returned still counts
      if (slot.phase == Slot::Phase::Busy && now >= slot.deadline && !extend_for_cpu_wait(slot)) timed_out(slot);
    } else if (slot.phase == Slot::Phase::Starting && now >= slot.startup_deadline) {
      read_stdout(slot);
      if (slot.phase == Slot::Phase::Starting)
        startup_failed(slot, "no handshake within " + seconds_text(options.startup_timeout));
    }
  }
}

// Gives waiting requests to ready workers, each to the one holding the fewest (the first of those), while one
// holds fewer than `depth`.
void WorkerPool::Impl::dispatch() {
  while (!waiting.empty()) {
    Slot* least = nullptr;
    for (Slot& slot : slots) {
      if (slot.phase != Slot::Phase::Idle && slot.phase != Slot::Phase::Busy) continue;
      if (slot.requests.size() >= static_cast<size_t>(options.depth)) continue;
      if (!least || slot.requests.size() < least->requests.size()) least = &slot;
    }
    if (!least) return;
    // A worker that died since its last answer must not take this request down with it.
    if (least->phase == Slot::Phase::Idle && detail::await_exit(least->worker->process.pid, -1, 0)) {
      replace_dead_idle(*least);
      continue;
    }
    Request request = std::move(waiting.front());
    waiting.pop_front();
    assign(*least, std::move(request));
  }
}

void WorkerPool::Impl::assign(Slot& slot, Request request) {
  slot.requests.push_back(std::move(request));
  if (slot.phase == Slot::Phase::Idle) {
    Worker& worker = *slot.worker;
    drain_stderr(worker, kLiveDrainBytes);  // lines written while idle belong to no request
    worker.served_ends.clear();
    slot.phase = Slot::Phase::Busy;
    begin_service(slot, worker.log.total_lines());
  }
  send_request(slot);  // a small request leaves at once; the rest goes out from pump()
}

void WorkerPool::Impl::begin_service(Slot& slot, uint64_t log_mark) {
  slot.service_start = Clock::now();
  slot.deadline = seconds_after(slot.service_start, slot.requests.front().timeout_seconds);
  slot.log_mark = log_mark;
  slot.cpu_wait_at_start = slot.worker->cpu_wait.recent_waited_seconds(slot.service_start);
  slot.cpu_wait_credited = 0;
}

// A worker that was ready to run but got no CPU is not slow: the time it waited for one since its request entered
// service, not yet credited, moves the deadline out. A hang gains nothing from it: blocked, it waits for no CPU,
// and spinning, it gets one sooner or later, so its own time still runs out.
bool WorkerPool::Impl::extend_for_cpu_wait(Slot& slot) {
  std::optional<double> waited = slot.worker->cpu_wait.waited_seconds();
  if (!waited || !slot.cpu_wait_at_start) return false;
  double owed = *waited - *slot.cpu_wait_at_start - slot.cpu_wait_credited;
  if (owed < kMinCpuWaitCredit) return false;
  slot.cpu_wait_credited += owed;
  slot.deadline = seconds_after(slot.deadline, owed);
  return true;
}

// The worker of `slot` is gone: its requests from `first` on were never started. They go back to the front of the
// waiting line, oldest first, and the slot holds none.
void WorkerPool::Impl::requeue_unstarted(Slot& slot, size_t first) {
  for (size_t i = slot.requests.size(); i > first; --i) waiting.push_front(std::move(slot.requests[i - 1]));
  slot.requests.clear();
  slot.frames_sent = 0;
  slot.frame_bytes_sent = 0;
}

bool WorkerPool::Impl::drain_stderr(Worker& worker, size_t max_bytes) {
  std::array<char, 64 * 1024> buffer;
  size_t drained = 0;
  auto to_log = [&worker](std::string_view text) { worker.log.append(text); };
  auto on_mark = [&worker] {
    // What a request left unterminated is still its line.
    worker.log.finish_partial_line();
    worker.served_ends.push_back(worker.log.total_lines());
  };
  while (worker.process.from_stderr) {
    if (drained >= max_bytes) return true;
    ssize_t n = detail::read_retrying(worker.process.from_stderr.get(), buffer.data(), buffer.size());
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return false;
    if (n <= 0) {
      worker.marks.finish(to_log);
      worker.process.from_stderr.reset();  // EOF: nothing more will come, stop polling it
      return false;
    }
    worker.marks.feed(std::string_view(buffer.data(), static_cast<size_t>(n)), to_log, on_mark);
    drained += static_cast<size_t>(n);
    // A short read emptied the pipe: another would only say EAGAIN (poll() reports what comes later).
    if (static_cast<size_t>(n) < buffer.size()) return false;
  }
  return false;
}

void WorkerPool::Impl::send_request(Slot& slot) {
  int fd = slot.worker->process.to_stdin.get();
  while (slot.frames_sent < slot.requests.size()) {
    const std::string& frame = slot.requests[slot.frames_sent].frame;
    while (slot.frame_bytes_sent < frame.size()) {
      ssize_t n =
          detail::send_without_sigpipe(fd, frame.data() + slot.frame_bytes_sent, frame.size() - slot.frame_bytes_sent);
      if (n > 0) {
        slot.frame_bytes_sent += static_cast<size_t>(n);
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      // The worker closed its input: it is dying (or broke the protocol); end_process tells which. The answers it
      // wrote before that still count: the end belongs to the request it was running, not to one it had answered.
      const uint64_t serial = slot.worker->serial;
      read_last_answers(slot);
      if (slot.phase == Slot::Phase::Busy && slot.worker && slot.worker->serial == serial) crashed(slot, "", false);
      return;
    }
    ++slot.frames_sent;
    slot.frame_bytes_sent = 0;
  }
}

void WorkerPool::Impl::read_stdout(Slot& slot) {
  Worker& worker = *slot.worker;
  bool starting = slot.phase == Slot::Phase::Starting;
  switch (worker.reader.read_from(worker.process.from_stdout.get())) {
    case detail::FrameReader::Status::Partial:
      return;
    case detail::FrameReader::Status::Complete:
      if (starting) {
        on_handshake(slot, worker.reader.take_payload());
      } else {
        on_response(slot, worker.reader.take_payload());
      }
      return;
    case detail::FrameReader::Status::EndOfFile:
      if (starting) {
        startup_failed(slot, "");
      } else {
        crashed(slot, "", false);
      }
      return;
    case detail::FrameReader::Status::TooLarge:
      if (starting) {
        startup_failed(slot,
                       "its first message is not a poolcheck isolation handshake (a worker must call "
                       "poolcheck::isolation::serve before anything writes to stdout)");
      } else {
        crashed(slot,
                "announced a response of " + std::to_string(worker.reader.announced_size()) +
                    " bytes, more than max_response_bytes (" + std::to_string(options.max_response_bytes) + ")",
                true);
      }
      return;
    case detail::FrameReader::Status::Failed: {
      std::string error = std::string("reading its output failed: ") + std::strerror(errno);
      if (starting) {
        startup_failed(slot, error);
      } else {
        crashed(slot, error, true);
      }
      return;
    }
  }
}

// Every answer already in the pipe, e.g. from a worker that answered and then died, or before a deadline bites.
void WorkerPool::Impl::read_last_answers(Slot& slot) {
  uint64_t serial = slot.worker->serial;
  while (slot.phase == Slot::Phase::Busy && slot.worker && slot.worker->serial == serial) {
    size_t before = slot.requests.size();
    read_stdout(slot);
    if (slot.requests.size() == before) return;
  }
}

void WorkerPool::Impl::on_handshake(Slot& slot, const std::string& payload) {
  if (payload == detail::kHandshakeReady) {
    slot.phase = Slot::Phase::Idle;
    slot.worker->reader.set_max_payload(options.max_response_bytes);
  } else if (payload.starts_with(detail::kHandshakeInitError)) {
    startup_failed(slot, "its init failed: " + payload.substr(detail::kHandshakeInitError.size()));
  } else {
    startup_failed(slot, "its first message is not a poolcheck isolation handshake");
  }
}

void WorkerPool::Impl::on_response(Slot& slot, std::string payload) {
  if (slot.frames_sent == 0) {
    crashed(slot, "answered before reading the whole request", true);
    return;
  }
  Worker& worker = *slot.worker;
  // serve() marks stderr before it answers, so this request's lines, and its mark, are already in the pipe; lines
  // after the mark are the next request's.
  while (worker.served_ends.empty() && drain_stderr(worker, kLiveDrainBytes)) {
  }
  uint64_t end = worker.log.total_lines();
  if (!worker.served_ends.empty()) {
    end = worker.served_ends.front();
    worker.served_ends.pop_front();
  }
  Completion completion = completion_for(slot, CompletionKind::Ok);
  completion.log_tail = worker.log.lines_between(slot.log_mark, end);
  completion.response = std::move(payload);
  worker.served_a_request = true;
  slot.requests.pop_front();
  --slot.frames_sent;
  finish(slot, std::move(completion), false);
  if (slot.requests.empty()) {
    slot.phase = Slot::Phase::Idle;
  } else {
    begin_service(slot, end);
  }
}

void WorkerPool::Impl::on_exit(Slot& slot) {
  uint64_t serial = slot.worker->serial;
  // Its last words (answers, or a handshake) may still be in the pipe.
  if (slot.phase == Slot::Phase::Busy) read_last_answers(slot);
  if (slot.phase == Slot::Phase::Starting) read_stdout(slot);
  if (!slot.worker || slot.worker->serial != serial) return;
  switch (slot.phase) {
    case Slot::Phase::Busy:
      crashed(slot, "", false);
      break;
    case Slot::Phase::Starting:
      startup_failed(slot, "");
      break;
    case Slot::Phase::Idle:
      // Dying between requests is nobody's request's fault; but a worker that never served one would die the
      // same way again and again: that is a start-up failure.
      if (slot.worker->served_a_request) {
        replace_dead_idle(slot);
      } else {
        startup_failed(slot, "");
      }
      break;
    case Slot::Phase::Empty:
      break;
  }
}

}  // namespace poolcheck::isolation
