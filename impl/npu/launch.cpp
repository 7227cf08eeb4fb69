#include "npu/launch.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "common/log.h"
#include "common/vector_clones.h"
#include "npu/block_pool.h"
#include "npu/dynamic_checks.h"
#include "npu/faults.h"
#include "npu/fiber_pool.h"
#include "npu/host_workers.h"
#include "npu/platform.h"

namespace pcemu {

class LaunchShared;

// Barrier completion: the phase's writes are swept for races before any block continues.
struct EndPhase {
  LaunchShared* shared;
  void operator()() noexcept;
};

namespace {

int32_t host_threads_from_env() {
  const char* env = std::getenv("POOLCHECK_EMU_HOST_THREADS");
  return env ? std::max(0, std::atoi(env)) : 0;
}

std::atomic<int32_t> g_host_threads{host_threads_from_env()};
std::atomic<uint64_t> g_schedule_seed{0};

}  // namespace

void set_host_threads(int32_t n) { g_host_threads.store(std::max(0, n)); }

uint64_t set_schedule_seed(uint64_t seed) { return g_schedule_seed.exchange(seed); }

class LaunchShared {
 public:
  LaunchShared(const LaunchSpec& spec) : spec_(spec), barrier_(spec.block_dim, EndPhase{this}), slots_(slot_count()) {}
  const LaunchSpec& spec() const { return spec_; }
  // A host-thread slot (pcEmuSetHostThreads): held while a block executes, given up while it waits.
  void take_slot() {
    if (slots_ == 0) return;
    std::unique_lock lock(slot_mu_);
    slot_free_.wait(lock, [&] { return running_ < slots_; });
    ++running_;
  }
  void leave_slot() {
    if (slots_ == 0) return;
    std::lock_guard lock(slot_mu_);
    --running_;
    slot_free_.notify_one();
  }
  std::barrier<EndPhase>& barrier() { return barrier_; }
  // Blocks that may execute at once. Under ThreadSanitizer a deliberately faulty kernel (a negative
  // control) races on purpose; its blocks take turns so TSan stays quiet on it while the emulator's own
  // race shadow, which works per phase and not by timing, must still catch the fault.
  static int32_t slot_count() {
    if constexpr (kFiberBlocks) return 0;
    if (kThreadSanitizer && any_fault_on()) return 1;
    if (g_schedule_seed.load() != 0) return 1;
    return g_host_threads.load();
  }
  void record_error(const KernelError& e) {
    std::lock_guard lock(mu_);
    if (!error_) error_ = std::make_unique<KernelError>(e);
  }
  const KernelError* error() const { return error_.get(); }
  void add_traffic(const Traffic& t) {
    std::lock_guard lock(mu_);
    traffic_ += t;
  }
  const Traffic& traffic() const { return traffic_; }
  // Sweeps every shadow's phase for a race; the first one found fails the launch.
  void end_phase() noexcept;
  std::atomic<int64_t> high_water{0};

 private:
  const LaunchSpec& spec_;
  std::barrier<EndPhase> barrier_;
  std::mutex mu_;
  std::unique_ptr<KernelError> error_;
  Traffic traffic_;
  const int32_t slots_;
  int32_t running_ = 0;
  std::mutex slot_mu_;
  std::condition_variable slot_free_;
};

void EndPhase::operator()() noexcept { shared->end_phase(); }

void LaunchShared::end_phase() noexcept {
  try {
    for (const auto& s : spec_.shadows) {
      const auto race = s->end_phase();
      if (!race) continue;
      auto what = [](bool atomic) { return atomic ? "adds atomically" : "stores"; };
      record_error(KernelError(
          ACLNN_ERR_RUNTIME_ERROR,
          fmt::format("write race on '{}' bytes [{}, {}): block {} {} where block {} {} in the same phase without a "
                      "SyncAll; {}, tiling: {}",
                      s->name(), race->byte_begin, race->byte_end, race->block, what(race->atomic), race->other,
                      what(race->other_atomic), spec_.kernel, spec_.tiling)));
    }
  } catch (...) {  // formatting failed (out of memory): still fail the launch
    record_error(KernelError(ACLNN_ERR_RUNTIME_ERROR, "write race (message unavailable)"));
  }
}

namespace {

unsigned char* thread_ub_backing(int64_t bytes) {
  thread_local std::vector<unsigned char> backing;
  if (static_cast<int64_t>(backing.size()) < bytes) backing.resize(static_cast<size_t>(bytes));
  return backing.data();
}

}  // namespace

void UnifiedBuffer::overflow(const char* what, int64_t bytes) const {
  throw KernelError(
      ACLNN_ERR_INNER_TILING_ERROR,
      fmt::format("UB overflow on block {}: '{}' needs {} bytes with {} in use, limit {} bytes; tiling: {}", block_,
                  what, bytes, top_, limit_, tiling_ ? *tiling_ : std::string("?")));
}

namespace {

// Atomic adds lock the 4 KiB GM stripe a row's part lies in: every element is still added atomically
// with respect to the other blocks' adds, for one lock per stripe rather than a CAS loop per element.
constexpr uintptr_t kStripeBytes = 4096;

// A stripe lock: rows are short and contention rare, so a spin on one flag beats a mutex round trip.
// Each lock has its own cache line: packed flags made host threads that add into neighbouring stripes
// bounce one line between cores on every row.
class alignas(64) StripeLock {
 public:
  void lock() {
    while (busy_.test_and_set(std::memory_order_acquire))
      while (busy_.test(std::memory_order_relaxed)) std::this_thread::yield();
  }
  void unlock() { busy_.clear(std::memory_order_release); }

 private:
  std::atomic_flag busy_;
};
std::array<StripeLock, 1024> g_stripes;

PCEMU_VECTOR_CLONES void add_row(float* __restrict to, const float* __restrict from, int64_t n) {
  for (int64_t j = 0; j < n; ++j) to[j] += from[j];
}

}  // namespace

void BlockContext::atomic_add_out(const GmTensor<float>& dst, int64_t dst_off, const UbBuf<float>& src, int64_t src_off,
                                  int64_t count) {
  check_ub(src, src_off, count, "atomic_add_out");
  check_gm(dst, dst_off, count, "atomic_add_out");
  track(dst, dst_off, count, true);
  traffic_.gm_atomic += count * static_cast<int64_t>(sizeof(float));
  float* to = dst.base + dst_off;
  const float* from = src.data() + src_off;
  for (int64_t i = 0; i < count;) {
    const auto addr = reinterpret_cast<uintptr_t>(to + i);
    const int64_t n = std::min<int64_t>(count - i, static_cast<int64_t>((kStripeBytes - addr % kStripeBytes) / 4));
    std::lock_guard lock(g_stripes[addr / kStripeBytes % g_stripes.size()]);
    add_row(to + i, from + i, n);
    i += n;
  }
}

void BlockContext::sync_all() {
  if constexpr (kFiberBlocks) {
    FiberPool::instance().sync_all(block_idx_);
    return;
  }
  shared_.leave_slot();
  shared_.barrier().arrive_and_wait();
  shared_.take_slot();
}

std::string BlockContext::where() const {
  return fmt::format("{} block {}/{}, tiling: {}", shared_.spec().kernel, block_idx_, block_num_,
                     shared_.spec().tiling);
}

void BlockContext::fail_bounds(const char* op, const std::string& what, int64_t off, int64_t count,
                               int64_t extent) const {
  throw KernelError(ACLNN_ERR_RUNTIME_ERROR,
                    fmt::format("{} out of bounds: elements [{}, {}) of '{}' whose extent is {}; {}", op, off,
                                off + count, what, extent, where()));
}

void BlockContext::fail_align(const char* op, int64_t ub_byte) const {
  throw KernelError(ACLNN_ERR_RUNTIME_ERROR,
                    fmt::format("{}: UB address {} is not 32-byte aligned; {}", op, ub_byte, where()));
}

void BlockContext::fail_readonly(const std::string& name) const {
  throw KernelError(ACLNN_ERR_RUNTIME_ERROR, fmt::format("kernel wrote to read-only tensor '{}'; {}", name, where()));
}

int32_t host_threads() {
  // Asked once: glibc answers hardware_concurrency by reading /sys/devices/system/cpu/online, and this is
  // asked several times per call.
  static const auto kCores = static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()));
  const int32_t n = g_host_threads.load();
  return n > 0 ? n : kCores;
}

void split_over_host_threads(int64_t total, int64_t shares, int64_t align,
                             const std::function<void(int64_t begin, int64_t end)>& work) {
  const int64_t n = std::clamp<int64_t>(shares, 1, host_threads());
  const int64_t share = ((total + n - 1) / n + align - 1) / align * align;
  if (share == 0) return work(0, total);  // nothing to split (total == 0)
  const auto parts = static_cast<int32_t>((total + share - 1) / share);
  run_host_shares(parts, [&](int32_t i) { work(i * share, std::min(total, (i + 1) * share)); });
}

aclnnStatus launch(const LaunchSpec& spec, const std::function<void(BlockContext&)>& body, LaunchStats* stats) {
  if (spec.block_dim < 1 || spec.block_dim > kMaxEmulatedCores)
    return fail(ACLNN_ERR_INNER_TILING_ERROR, "{}: blockDim={} outside [1, {}]; tiling: {}", spec.kernel,
                spec.block_dim, kMaxEmulatedCores, spec.tiling);
  for (const auto& s : spec.shadows) s->clear();
  LaunchShared shared(spec);
  const bool record_writes = dynamic_checks();
  const std::function<void(int32_t)> job = [&](int32_t block) {
    unsigned char* backing =
        kFiberBlocks ? FiberPool::instance().ub_backing(block, spec.ub_bytes) : thread_ub_backing(spec.ub_bytes);
    UnifiedBuffer ub(backing, spec.ub_bytes, 32, block, &spec.tiling);
    BlockContext ctx(block, spec.block_dim, ub, shared, record_writes);
    shared.take_slot();
    try {
      body(ctx);
    } catch (const KernelError& e) {
      shared.record_error(e);
    } catch (const std::exception& e) {
      shared.record_error(KernelError(ACLNN_ERR_INNER, std::string("kernel exception: ") + e.what()));
    } catch (...) {
      shared.record_error(KernelError(ACLNN_ERR_INNER, "kernel exception of unknown type"));
    }
    shared.add_traffic(ctx.traffic());
    int64_t seen = shared.high_water.load();
    while (ub.high_water() > seen && !shared.high_water.compare_exchange_weak(seen, ub.high_water())) {
    }
    shared.leave_slot();
    // A finished (or failed) block leaves the barrier so the others never wait for it.
    if (!kFiberBlocks) shared.barrier().arrive_and_drop();
  };
  if constexpr (kFiberBlocks)
    FiberPool::instance().run(
        spec.block_dim, host_threads(), job, [&] { shared.end_phase(); }, g_schedule_seed.load());
  else
    BlockPool::instance().run(spec.block_dim, job);
  shared.end_phase();  // the last phase has no SyncAll after it
  if (stats) stats->ub_high_water = shared.high_water.load();
  Traffic ran = shared.traffic();
  ran.launches = 1;
  call_traffic() += ran;
  if (const KernelError* e = shared.error()) return fail(e->status, "{}", e->what());
  return ACLNN_SUCCESS;
}

}  // namespace pcemu
