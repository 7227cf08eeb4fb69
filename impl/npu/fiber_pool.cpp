// Fibers switch with _setjmp/_longjmp (no signal-mask system call, unlike swapcontext); ucontext only
// gives a fiber its stack once. glibc's fortified longjmp refuses jumps between stacks, so it is off here.
#undef _FORTIFY_SOURCE

#include "npu/fiber_pool.h"

#include <setjmp.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <new>
#include <random>
#include <thread>
#include <utility>
#include <vector>

namespace pcemu {

namespace {

constexpr size_t kStackBytes = 512 * 1024;
// A fiber's UB is allocated at least this large (the largest platform UB) so that a launch with a larger
// UB than the last rarely has to move it.
constexpr size_t kUbReserveBytes = 256 * 1024;
// The helpers join a launch only once it has run this long on the launching thread alone: waking a helper
// costs tens of microseconds on a VM (a futex wake, the lock's line moving between cores), more than a small
// launch takes (a 48-block launch moving 8 KiB ran 6 us alone and 38 us with one helper). A launch after one
// that ran kEagerAfter or longer takes them at once, as the launches of a large problem come in a row.
constexpr auto kHelperDelay = std::chrono::microseconds(50);
constexpr auto kEagerAfter = std::chrono::microseconds(100);

// Memory mapped for a fiber: zero at first, and none of its pages is written or faulted in until a block
// touches it (a block's frames reach a few pages of its stack; a small launch, a few of its UB).
class MappedBytes {
 public:
  MappedBytes() = default;
  explicit MappedBytes(size_t size)
      : data_(static_cast<unsigned char*>(
            mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))),
        size_(size) {
    if (data_ == MAP_FAILED) throw std::bad_alloc();
  }
  MappedBytes(MappedBytes&& o) noexcept : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  MappedBytes& operator=(MappedBytes&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    return *this;
  }
  ~MappedBytes() {
    if (data_) munmap(data_, size_);
  }
  unsigned char* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  unsigned char* data_ = nullptr;
  size_t size_ = 0;
};

enum class FiberState { Running, Waiting, Done };

// A fiber lives as long as the pool: it runs a block, and when the block ends it parks in its trampoline
// loop, where the next launch resumes it with a new block.
struct Fiber {
  ucontext_t ctx{};  // the first entry onto the fiber's stack
  jmp_buf env{};     // where the fiber continues (in SyncAll, or parked after its block)
  bool started = false;
  MappedBytes stack;
  MappedBytes ub;           // the block's UB, zero at first and kept across launches
  jmp_buf* host = nullptr;  // the host thread that last switched in
  FiberState state = FiberState::Running;
  int32_t block = 0;
};

thread_local Fiber* t_starting = nullptr;

// A fresh context entering `entry` on the fiber's stack (out of line: getcontext returns twice).
[[gnu::noinline]] void start_fiber(Fiber& f, void (*entry)()) {
  getcontext(&f.ctx);
  f.ctx.uc_stack.ss_sp = f.stack.data();
  f.ctx.uc_stack.ss_size = kStackBytes;
  f.ctx.uc_link = nullptr;
  makecontext(&f.ctx, entry, 0);
}

// Host side: runs fiber `f` until it switches back (SyncAll or its block's end). Out of line and with
// nothing changed after _setjmp, so the second return sees the same state.
[[gnu::noinline]] void switch_in(Fiber& f, jmp_buf& host) {
  f.host = &host;
  if (_setjmp(host) != 0) return;
  if (f.started) _longjmp(f.env, 1);
  f.started = true;
  ucontext_t unused{};
  swapcontext(&unused, &f.ctx);  // first entry; the fiber comes back by _longjmp to `host`
}

// Fiber side: parks the fiber and returns to its host; returns when a host resumes it.
[[gnu::noinline]] void switch_out(Fiber& f) {
  if (_setjmp(f.env) == 0) _longjmp(*f.host, 1);
}

}  // namespace

struct FiberPool::State {
  std::mutex launch_mu;  // launches are serialised

  // The running launch, under mu.
  std::mutex mu;
  std::condition_variable cv;         // the launcher: a block ready, or every block done
  std::condition_variable helper_cv;  // the helpers: a block ready while they serve the launch, or stop
  const std::function<void(int32_t)>* body = nullptr;
  const std::function<void()>* phase_end = nullptr;
  std::vector<std::unique_ptr<Fiber>> fibers;
  std::deque<int32_t> ready;
  std::vector<int32_t> waiting;
  int32_t live = 0, done = 0, block_dim = 0;
  size_t active_helpers = 0;  // helpers [0, active_helpers) serve the running launch
  bool seeded_order = false;  // the blocks of each phase run in an order drawn from order_rng
  std::mt19937_64 order_rng;
  bool stop = false;
  std::vector<std::thread> helpers;
  std::chrono::steady_clock::duration last_launch{};  // how long the previous launch ran

  static void trampoline() {
    Fiber* const f = t_starting;
    for (;;) {                                           // one block per launch; parked in between
      (*FiberPool::instance().state()->body)(f->block);  // never throws: launch() catches everything
      f->state = FiberState::Done;
      switch_out(*f);
    }
  }

  // Everyone still running has arrived: end the phase and let them all continue.
  void complete_phase() {
    (*phase_end)();
    if (seeded_order) std::shuffle(waiting.begin(), waiting.end(), order_rng);
    ready.insert(ready.end(), waiting.begin(), waiting.end());
    waiting.clear();
    cv.notify_all();
    if (active_helpers > 0) helper_cv.notify_all();
  }

  // Runs a ready fiber until it waits in SyncAll or ends, then books it (lock held around). The launcher
  // takes blocks from the front and helpers from the back, so the blocks that run at the same moment are
  // far apart in the grid: neighbouring blocks share GM lines and atomic stripes (overlapping windows),
  // and running them on two host threads at once made those lines bounce between the host's cores.
  void run_one(std::unique_lock<std::mutex>& lock, jmp_buf& host, bool from_back) {
    const int32_t b = from_back ? ready.back() : ready.front();
    if (from_back)
      ready.pop_back();
    else
      ready.pop_front();
    Fiber& f = *fibers[static_cast<size_t>(b)];
    lock.unlock();
    f.state = FiberState::Running;
    t_starting = &f;
    switch_in(f, host);
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

  // The launching thread: runs ready fibers until every block is done, and lets `helpers` helpers join once
  // the launch has run kHelperDelay (at once after a long launch). Helpers that woke too late for this launch simply
  // find nothing ready; none is inside a fiber once `done` is complete.
  void launcher_loop(size_t helpers) {
    jmp_buf host{};
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock lock(mu);
    const auto join = [&] {
      active_helpers = helpers;
      helpers = 0;
      helper_cv.notify_all();
    };
    if (helpers > 0 && last_launch >= kEagerAfter) join();
    for (;;) {
      cv.wait(lock, [&] { return !ready.empty() || done == block_dim; });
      if (done == block_dim) break;
      run_one(lock, host, false);
      if (helpers > 0 && std::chrono::steady_clock::now() - start >= kHelperDelay) join();
    }
    last_launch = std::chrono::steady_clock::now() - start;
  }

  // Helper `index`: runs ready fibers of whichever launch is in progress while it is one of its hosts.
  void helper_loop(size_t index) {
    jmp_buf host{};
    std::unique_lock lock(mu);
    for (;;) {
      helper_cv.wait(lock, [&] { return stop || (index < active_helpers && !ready.empty()); });
      if (stop) return;
      run_one(lock, host, true);
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
  state_->helper_cv.notify_all();
  for (auto& h : state_->helpers) h.join();
  delete state_;
}

void FiberPool::run(int32_t block_dim, int32_t hosts, const std::function<void(int32_t)>& body,
                    const std::function<void()>& phase_end, uint64_t order_seed) {
  State& s = *state();
  std::lock_guard launch_lock(s.launch_mu);
  hosts = order_seed != 0 ? 1 : std::max(1, std::min(hosts, block_dim));
  while (static_cast<int32_t>(s.fibers.size()) < block_dim) {
    auto f = std::make_unique<Fiber>();
    f->stack = MappedBytes(kStackBytes);
    start_fiber(*f, &State::trampoline);
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
    s.active_helpers = 0;  // the launcher lets them join (launcher_loop)
    s.ready.clear();
    s.waiting.clear();
    for (int32_t b = 0; b < block_dim; ++b) {
      s.fibers[static_cast<size_t>(b)]->block = b;
      s.ready.push_back(b);
    }
    s.seeded_order = order_seed != 0;
    if (s.seeded_order) {
      s.order_rng.seed(order_seed);
      std::shuffle(s.ready.begin(), s.ready.end(), s.order_rng);
    }
  }
  s.launcher_loop(static_cast<size_t>(hosts - 1));
}

void FiberPool::sync_all(int32_t block) {
  Fiber& f = *state()->fibers[static_cast<size_t>(block)];
  f.state = FiberState::Waiting;
  switch_out(f);  // the host thread queues this block and resumes it after the phase
}

unsigned char* FiberPool::ub_backing(int32_t block, int64_t bytes) {
  Fiber& f = *state()->fibers[static_cast<size_t>(block)];
  const auto need = static_cast<size_t>(bytes);
  if (f.ub.size() < need) {  // a larger UB keeps what the smaller one held and is zero beyond it
    MappedBytes grown(std::max(need, kUbReserveBytes));
    if (f.ub.size() > 0) std::memcpy(grown.data(), f.ub.data(), f.ub.size());
    f.ub = std::move(grown);
  }
  return f.ub.data();
}

}  // namespace pcemu
