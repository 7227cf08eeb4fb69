// How a worker's request or life ends: the completion's bookkeeping, a crash, a timeout, a failed start, and the
// killing and reaping behind them.
#include <string>
#include <utility>
#include <vector>

#include "isolation/pool_impl.h"

namespace poolcheck::isolation {

using namespace detail;  // the pool's own internals (pool_impl.h)

WorkerPool::Impl::Ending WorkerPool::Impl::end_process(Worker& worker, bool kill_first) {
  detail::ChildProcess& process = worker.process;
  Ending ending;
  ending.killed_by_pool = kill_first || !detail::await_exit(process.pid, process.pidfd.get(), kExitGraceSeconds);
  // Even a worker that ended by itself may leave helpers in its process group; it is still unreaped here, so its
  // group id still names them.
  detail::kill_child(process.pid);
  ending.end = detail::reap_child(process.pid, process.pidfd.get(), kKillReapSeconds);
  if (ending.end.state == detail::ChildEnd::State::Running)
    stragglers.push_back({process.pid, std::move(process.pidfd)});
  process.pid = -1;
  process.to_stdin.reset();
  process.from_stdout.reset();
  process.pidfd.reset();
  return ending;
}

void WorkerPool::Impl::reap_stragglers() {
  std::erase_if(stragglers, [](const Straggler& straggler) {
    return detail::reap_child(straggler.pid, straggler.pidfd.get(), 0).state != detail::ChildEnd::State::Running;
  });
}

Completion WorkerPool::Impl::completion_for(const Slot& slot, CompletionKind kind) const {
  Completion completion;
  completion.ticket = slot.requests.front().ticket;
  completion.kind = kind;
  completion.seconds = seconds_between(slot.service_start, Clock::now());
  completion.timeout_seconds = slot.requests.front().timeout_seconds;
  completion.pid = slot.worker->process.pid;
  completion.log_tail = slot.worker->log.lines_since(slot.log_mark);
  return completion;
}

void WorkerPool::Impl::finish(Slot& slot, Completion completion, bool awaits_replacement) {
  finished.push_back(Finished{std::move(completion), static_cast<size_t>(&slot - slots.data()), awaits_replacement});
}

void WorkerPool::Impl::crashed(Slot& slot, std::string protocol_error, bool kill_first) {
  Worker& worker = *slot.worker;
  int pid = worker.process.pid;
  Ending ending = end_process(worker, kill_first);
  if (ending.killed_by_pool && protocol_error.empty())
    protocol_error = "closed its protocol pipe but did not exit within " + seconds_text(kExitGraceSeconds);
  // The last lines before a crash are the useful ones (a sanitizer report): read what the pipe still holds.
  drain_stderr(worker, kDeadDrainBytes);
  worker.log.finish_partial_line();
  Completion completion = completion_for(slot, CompletionKind::Crashed);
  completion.pid = pid;
  completion.signal = ending.end.signal;
  completion.exit_status = ending.end.exit_status;
  completion.protocol_error = std::move(protocol_error);
  finish(slot, std::move(completion), true);
  requeue_unstarted(slot, 1);  // the one in service has its ending
  ++restarts;
  start(slot);
}

void WorkerPool::Impl::timed_out(Slot& slot) {
  Worker& worker = *slot.worker;
  Completion completion = completion_for(slot, CompletionKind::TimedOut);
  end_process(worker, true);
  drain_stderr(worker, kDeadDrainBytes);
  worker.log.finish_partial_line();
  completion.log_tail = worker.log.lines_since(slot.log_mark);
  finish(slot, std::move(completion), true);
  requeue_unstarted(slot, 1);  // the one in service has its ending
  ++restarts;
  start(slot);
}

void WorkerPool::Impl::startup_failed(Slot& slot, const std::string& reason) {
  Worker& worker = *slot.worker;
  Ending ending = end_process(worker, !reason.empty());
  std::string why = reason;
  if (why.empty()) {
    Completion death;
    death.kind = CompletionKind::Crashed;
    death.signal = ending.end.signal;
    death.exit_status = ending.end.exit_status;
    why = ending.end.signal > 0 ? death.describe() + " during start-up"
          : ending.end.exit_status >= 0
              ? "exited with status " + std::to_string(ending.end.exit_status) + " during start-up"
              : "died during start-up";
    if (slot.phase == Slot::Phase::Idle) why += " (right after its handshake)";
  }
  drain_stderr(worker, kDeadDrainBytes);
  worker.log.finish_partial_line();
  std::string message = "worker '" + command.executable + "' could not be started: " + why;
  std::vector<std::string> tail = worker.log.lines_since(0);
  if (!tail.empty()) {
    message += "; its last stderr lines:";
    for (const std::string& line : tail) message += "\n  " + line;
  }
  startup_errors.push_back(std::move(message));
  requeue_unstarted(slot, 0);  // never more than an idle worker here: should it hold requests, none was started
  slot.worker.reset();
  slot.phase = Slot::Phase::Empty;
}

void WorkerPool::Impl::replace_dead_idle(Slot& slot) {
  end_process(*slot.worker, false);
  drain_stderr(*slot.worker, kDeadDrainBytes);
  slot.worker->log.finish_partial_line();  // forwarded, if asked; no request to attach it to
  ++restarts;
  start(slot);
}

}  // namespace poolcheck::isolation
