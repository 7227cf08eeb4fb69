#include "npu/fiber_pool.h"

#include <ucontext.h>

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace pcemu {

namespace {

constexpr size_t kStackBytes = 512 * 1024;

enum class FiberState { Running, Waiting, Done };

struct Fiber {
  ucontext_t ctx{};
  std::unique_ptr<char[]> stack;
  std::vector<unsigned char> ub;
  ucontext_t* host = nullptr;  // the host context that last switched in
  FiberState state = FiberState::Running;
  int32_t block = 0;
};

thread_local Fiber* t_starting = nullptr;

// A fresh context entering `entry` on the fiber's stack (out of line: getcontext returns twice).
[[gnu::noinline]] void start_fiber(Fiber& f, void (*entry)()) {
  getcontext(&f.ctx);
  f.ctx.uc_stack.ss_sp = f.stack.get();
  f.ctx.uc_stack.ss_size = kStackBytes;
  f.ctx.uc_link = nullptr;
  makecontext(&f.ctx, entry, 0);
}

}  // namespace

struct FiberPool::State {
  std::mutex launch_mu;  // launches are serialised

  // The running launch, under mu.
  std::mutex mu;
  std::condition_variable cv;
  const std::function<void(int32_t)>* body = nullptr;
  const std::function<void()>* phase_end = nullptr;
  std::vector<std::unique_ptr<Fiber>> fibers;
  std::deque<int32_t> ready;
  std::vector<int32_t> waiting;
  int32_t live = 0, done = 0, block_dim = 0;
  size_t active_helpers = 0;  // helpers [0, active_helpers) serve the running launch
  bool stop = false;
  std::vector<std::thread> helpers;

  static void trampoline() {
    Fiber* f = t_starting;
    (*FiberPool::instance().state()->body)(f->block);  // never throws: launch() catches everything
    f->state = FiberState::Done;
    swapcontext(&f->ctx, f->host);
  }

  // Everyone still running has arrived: end the phase and let them all continue.
  void complete_phase() {
    (*phase_end)();
    ready.insert(ready.end(), waiting.begin(), waiting.end());
    waiting.clear();
    cv.notify_all();
  }

  // Runs the next ready fiber until it waits in SyncAll or ends, then books it (lock held around).
  void run_one(std::unique_lock<std::mutex>& lock, ucontext_t& host) {
    const int32_t b = ready.front();
    ready.pop_front();
    Fiber& f = *fibers[static_cast<size_t>(b)];
    lock.unlock();
    f.host = &host;
    f.state = FiberState::Running;
    t_starting = &f;
    swapcontext(&host, &f.ctx);
    lock.lock();
    if (f.state == FiberState::Done) {
      ++done;
      --live;
      if (done == block_dim) cv.notify_all();
    } else {
      waiting.push_back(b);
    }
    if (live > 0 && static_cast<int32_t>(waiting.size()) == live) complete_phase();
  }

  // The launching thread: runs ready fibers until every block is done. Helpers that woke too late for
  // this launch simply find nothing ready; none is inside a fiber once `done` is complete.
  void launcher_loop() {
    ucontext_t host{};
    std::unique_lock lock(mu);
    for (;;) {
      cv.wait(lock, [&] { return !ready.empty() || done == block_dim; });
      if (done == block_dim) return;
      run_one(lock, host);
    }
  }

  // Helper `index`: runs ready fibers of whichever launch is in progress while it is one of its hosts.
  void helper_loop(size_t index) {
    ucontext_t host{};
    std::unique_lock lock(mu);
    for (;;) {
      cv.wait(lock, [&] { return stop || (index < active_helpers && !ready.empty()); });
      if (stop) return;
      run_one(lock, host);
    }
  }
};

FiberPool& FiberPool::instance() {
  static FiberPool pool;
  return pool;
}

FiberPool::State* FiberPool::state() {
  if (!state_) state_ = new State();
  return state_;
}

FiberPool::~FiberPool() {
  if (!state_) return;
  {
    std::lock_guard lock(state_->mu);
    state_->stop = true;
  }
  state_->cv.notify_all();
  for (auto& h : state_->helpers) h.join();
  delete state_;
}

void FiberPool::run(int32_t block_dim, int32_t hosts, const std::function<void(int32_t)>& body,
                    const std::function<void()>& phase_end) {
  State& s = *state();
  std::lock_guard launch_lock(s.launch_mu);
  hosts = std::max(1, std::min(hosts, block_dim));
  while (static_cast<int32_t>(s.fibers.size()) < block_dim) {
    auto f = std::make_unique<Fiber>();
    f->stack = std::make_unique<char[]>(kStackBytes);
    s.fibers.push_back(std::move(f));
  }
  while (static_cast<int32_t>(s.helpers.size()) < hosts - 1) {
    const size_t index = s.helpers.size();
    s.helpers.emplace_back([&s, index] { s.helper_loop(index); });
  }
  {
    std::lock_guard lock(s.mu);
    s.body = &body;
    s.phase_end = &phase_end;
    s.block_dim = s.live = block_dim;
    s.done = 0;
    s.active_helpers = static_cast<size_t>(hosts - 1);
    s.ready.clear();
    s.waiting.clear();
    for (int32_t b = 0; b < block_dim; ++b) {
      s.fibers[static_cast<size_t>(b)]->block = b;
      start_fiber(*s.fibers[static_cast<size_t>(b)], &State::trampoline);
      s.ready.push_back(b);
    }
  }
  if (hosts > 1) s.cv.notify_all();
  s.launcher_loop();
}

void FiberPool::sync_all(int32_t block) {
  Fiber& f = *state()->fibers[static_cast<size_t>(block)];
  f.state = FiberState::Waiting;
  swapcontext(&f.ctx, f.host);  // the host thread queues this block and resumes it after the phase
}

unsigned char* FiberPool::ub_backing(int32_t block, int64_t bytes) {
  auto& ub = state()->fibers[static_cast<size_t>(block)]->ub;
  if (static_cast<int64_t>(ub.size()) < bytes) ub.resize(static_cast<size_t>(bytes));
  return ub.data();
}

}  // namespace pcemu
