#include "isolation/worker_pool.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "isolation/pool_impl.h"

namespace poolcheck::isolation {
namespace {

std::string number_text(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

void check_arguments(const WorkerCommand& command, const PoolOptions& options) {
  if (command.executable.empty()) throw std::invalid_argument("WorkerPool: cmd.executable is empty");
  if (options.workers < 1)
    throw std::invalid_argument("WorkerPool: opts.workers must be >= 1 (got " + std::to_string(options.workers) + ")");
  if (options.depth < 1)
    throw std::invalid_argument("WorkerPool: opts.depth must be >= 1 (got " + std::to_string(options.depth) + ")");
  if (!(options.startup_timeout > 0) || !std::isfinite(options.startup_timeout))
    throw std::invalid_argument("WorkerPool: opts.startup_timeout must be a finite number of seconds > 0 (got " +
                                number_text(options.startup_timeout) + ")");
  if (options.max_response_bytes == 0 || options.max_response_bytes > detail::kMaxFramePayload)
    throw std::invalid_argument("WorkerPool: opts.max_response_bytes must be in 1..4294967295 (got " +
                                std::to_string(options.max_response_bytes) + ")");
  auto has_nul = [](const std::string& text) { return text.find('\0') != std::string::npos; };
  for (const std::string& arg : command.args)
    if (has_nul(arg)) throw std::invalid_argument("WorkerPool: cmd.args contains an argument with a NUL byte");
  for (const auto& [name, value] : command.env) {
    if (name.empty() || name.find('=') != std::string::npos || has_nul(name) || has_nul(value))
      throw std::invalid_argument("WorkerPool: cmd.env has an invalid variable '" + name + "'");
  }
}

void forward_line(pid_t pid, std::string_view line) {
  std::string text = "[worker " + std::to_string(pid) + "] ";
  text.append(line);
  text += '\n';
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = detail::write_without_sigpipe(2, text.data() + done, text.size() - done);
    if (n <= 0) return;  // our own stderr is gone or full: forwarding is best effort
    done += static_cast<size_t>(n);
  }
}

}  // namespace

namespace detail {

Worker::Worker(ChildProcess child, uint64_t serial_number, const PoolOptions& options)
    : process(std::move(child)),
      serial(serial_number),
      reader(kMaxHandshakeBytes),
      log(options.log_tail_lines, options.forward_stderr
                                      ? std::function<void(std::string_view)>(
                                            [pid = process.pid](std::string_view line) { forward_line(pid, line); })
                                      : nullptr),
      cpu_wait(process.pid) {}

}  // namespace detail

using namespace detail;  // the pool's own internals (pool_impl.h)

WorkerPool::Impl::~Impl() {
  try {
    for (Slot& slot : slots) {
      if (!slot.worker || slot.worker->process.pid <= 0) continue;
      slot.worker->process.to_stdin.reset();
      detail::kill_child(slot.worker->process.pid);
    }
    for (Straggler& straggler : stragglers) detail::kill_child(straggler.pid);
    // Kill all first, then reap: the deaths overlap instead of queueing.
    for (Slot& slot : slots) {
      if (slot.worker && slot.worker->process.pid > 0)
        detail::reap_child(slot.worker->process.pid, slot.worker->process.pidfd.get(), kKillReapSeconds);
    }
    for (Straggler& straggler : stragglers) detail::reap_child(straggler.pid, straggler.pidfd.get(), 0);
  } catch (...) {
    // A destructor must not throw; the kernel's PR_SET_PDEATHSIG remains as the last resort.
  }
}

void WorkerPool::Impl::throw_startup_error() {
  if (startup_errors.empty()) return;
  std::string message = std::move(startup_errors.front());
  startup_errors.pop_front();
  throw std::runtime_error(message);
}

void WorkerPool::Impl::settle_startups() {
  while (any_starting()) pump();
}

void WorkerPool::Impl::start(Slot& slot) {
  slot.worker.reset();
  slot.phase = Slot::Phase::Empty;
  try {
    slot.worker = std::make_unique<Worker>(detail::spawn_child(command), next_serial++, options);
  } catch (const std::runtime_error& error) {
    startup_errors.push_back(error.what());
    return;
  }
  slot.phase = Slot::Phase::Starting;
  slot.startup_deadline = seconds_after(Clock::now(), options.startup_timeout);
}

WorkerPool::WorkerPool(WorkerCommand cmd, PoolOptions opts) {
  check_arguments(cmd, opts);
  impl_ = std::make_unique<Impl>(std::move(cmd), opts);
  for (Slot& slot : impl_->slots) {
    impl_->start(slot);
    impl_->throw_startup_error();  // not found / not executable: no point starting the others
  }
  impl_->settle_startups();
  impl_->throw_startup_error();
}

WorkerPool::~WorkerPool() = default;

int WorkerPool::workers() const {
  return impl_->count([](const Slot& s) { return s.phase != Slot::Phase::Empty; });
}

int WorkerPool::idle() const {
  return impl_->count([](const Slot& s) { return s.phase == Slot::Phase::Idle; });
}

int WorkerPool::Impl::in_flight() const {
  size_t held = waiting.size() + finished.size();
  for (const Slot& slot : slots) held += slot.requests.size();
  return static_cast<int>(held);
}

int WorkerPool::in_flight() const { return impl_->in_flight(); }

int WorkerPool::capacity() const { return impl_->capacity(); }

std::vector<int> WorkerPool::pids() const {
  std::vector<int> result;
  for (const Slot& slot : impl_->slots)
    if (slot.worker && slot.worker->process.pid > 0) result.push_back(slot.worker->process.pid);
  return result;
}

int64_t WorkerPool::restarts() const { return impl_->restarts; }

uint64_t WorkerPool::submit(const std::string& request, double timeout_seconds) {
  if (!(timeout_seconds > 0) || !std::isfinite(timeout_seconds))
    throw std::invalid_argument("WorkerPool::submit: timeout_seconds must be a finite number > 0 (got " +
                                number_text(timeout_seconds) + ")");
  if (request.size() > detail::kMaxFramePayload)
    throw std::invalid_argument("WorkerPool::submit: a request of " + std::to_string(request.size()) +
                                " bytes exceeds the protocol's limit of 4294967295");
  impl_->throw_startup_error();
  if (impl_->in_flight() >= impl_->capacity())
    throw std::logic_error("WorkerPool::submit: no room (" + std::to_string(workers()) + " workers of depth " +
                           std::to_string(impl_->options.depth) + ", " + std::to_string(in_flight()) +
                           " requests in flight)");
  uint64_t ticket = impl_->next_ticket++;
  impl_->waiting.push_back(Request{ticket, detail::encode_frame(request), timeout_seconds});
  impl_->dispatch();
  // A dead idle worker's replacement that cannot start: refused, unless the request already went to another one.
  if (!impl_->startup_errors.empty() && !impl_->waiting.empty() && impl_->waiting.back().ticket == ticket) {
    impl_->waiting.pop_back();
    impl_->throw_startup_error();
  }
  return ticket;
}

Completion WorkerPool::wait() {
  impl_->throw_startup_error();
  if (in_flight() == 0) throw std::logic_error("WorkerPool::wait: no request in flight");
  for (;;) {
    // A crash is handed out once its replacement is ready; other answers need not wait for that handshake.
    auto& finished = impl_->finished;
    auto ready = std::find_if(finished.begin(), finished.end(), [this](const Finished& f) {
      return !f.awaits_replacement || impl_->slots[f.slot].phase != Slot::Phase::Starting;
    });
    if (ready != finished.end()) {
      Completion completion = std::move(ready->completion);
      finished.erase(ready);
      return completion;
    }
    if (!impl_->any_ready() && !impl_->any_starting())
      throw std::runtime_error("WorkerPool: no worker is left to serve the " + std::to_string(in_flight()) +
                               " requests still waiting");
    impl_->pump();
    impl_->throw_startup_error();
  }
}

}  // namespace poolcheck::isolation
