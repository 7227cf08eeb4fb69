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
    if (busy && !slot.outgoing.empty()) watch(process.to_stdin, POLLOUT, Channel::Stdin);
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
        if (slot.phase == Slot::Phase::Busy || slot.phase == Slot::Phase::Starting) read_stdout(slot);
        break;
      case Channel::Exit:
        on_exit(slot);
        break;
    }
  }
  enforce_deadlines();
}

void WorkerPool::Impl::enforce_deadlines() {
  Clock::time_point now = Clock::now();
  for (Slot& slot : slots) {
    if (slot.phase == Slot::Phase::Busy && now >= slot.deadline) {
      read_stdout(slot);  // an answer that arrived since poll() returned still counts
      if (slot.phase == Slot::Phase::Busy) timed_out(slot);
    } else if (slot.phase == Slot::Phase::Starting && now >= slot.startup_deadline) {
      read_stdout(slot);
      if (slot.phase == Slot::Phase::Starting)
        startup_failed(slot, "no handshake within " + seconds_text(options.startup_timeout));
    }
  }
}

void WorkerPool::Impl::drain_stderr(Worker& worker, size_t max_bytes) {
  std::array<char, 64 * 1024> buffer;
  size_t drained = 0;
  while (worker.process.from_stderr && drained < max_bytes) {
    ssize_t n = detail::read_retrying(worker.process.from_stderr.get(), buffer.data(), buffer.size());
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      worker.process.from_stderr.reset();  // EOF: nothing more will come, stop polling it
      return;
    }
    worker.log.append(std::string_view(buffer.data(), static_cast<size_t>(n)));
    drained += static_cast<size_t>(n);
  }
}

void WorkerPool::Impl::send_request(Slot& slot) {
  int fd = slot.worker->process.to_stdin.get();
  while (slot.outgoing_sent < slot.outgoing.size()) {
    ssize_t n = detail::write_without_sigpipe(fd, slot.outgoing.data() + slot.outgoing_sent,
                                              slot.outgoing.size() - slot.outgoing_sent);
    if (n > 0) {
      slot.outgoing_sent += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    // The worker closed its input: it is dying (or broke the protocol); end_process tells which.
    crashed(slot, "", false);
    return;
  }
  slot.outgoing.clear();
  slot.outgoing_sent = 0;
  if (slot.outgoing.capacity() > (size_t{1} << 20)) slot.outgoing.shrink_to_fit();
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
  if (!slot.outgoing.empty()) {
    crashed(slot, "answered before reading the whole request", true);
    return;
  }
  Worker& worker = *slot.worker;
  // What the worker wrote to stderr before answering is already in the pipe: it belongs to this request.
  drain_stderr(worker, kLiveDrainBytes);
  Completion completion = completion_for(slot, CompletionKind::Ok);
  completion.response = std::move(payload);
  worker.served_a_request = true;
  slot.phase = Slot::Phase::Idle;
  finish(slot, std::move(completion));
}

void WorkerPool::Impl::on_exit(Slot& slot) {
  uint64_t serial = slot.worker->serial;
  // Its last words (an answer, or a handshake) may still be in the pipe.
  if (slot.phase == Slot::Phase::Busy || slot.phase == Slot::Phase::Starting) read_stdout(slot);
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
