#include "npu/launch.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <semaphore>
#include <thread>

#include "common/log.h"
#include "npu/platform.h"

namespace pcemu {

struct ClearShadows {
  const LaunchSpec* spec;
  void operator()() noexcept {
    for (const auto& s : spec->shadows) s->clear();
  }
};

class LaunchShared {
 public:
  LaunchShared(const LaunchSpec& spec) : spec_(spec), barrier_(spec.block_dim, ClearShadows{&spec}) {}
  const LaunchSpec& spec() const { return spec_; }
  std::barrier<ClearShadows>& barrier() { return barrier_; }
  void record_error(const KernelError& e) {
    std::lock_guard lock(mu_);
    if (!error_) error_ = std::make_unique<KernelError>(e);
  }
  const KernelError* error() const { return error_.get(); }
  std::atomic<int64_t> high_water{0};

 private:
  const LaunchSpec& spec_;
  std::barrier<ClearShadows> barrier_;
  std::mutex mu_;
  std::unique_ptr<KernelError> error_;
};

namespace {

// Persistent workers; worker i runs block i of each launch. Launches are serialised.
class BlockPool {
 public:
  static BlockPool& instance() {
    static BlockPool pool;
    return pool;
  }

  void run(int32_t block_dim, const std::function<void(int32_t)>& job) {
    std::lock_guard launch_lock(launch_mu_);
    ensure(block_dim - 1);
    {
      std::lock_guard lock(mu_);
      job_ = &job;
      remaining_ = block_dim - 1;
    }
    for (int32_t i = 1; i < block_dim; ++i) workers_[static_cast<size_t>(i - 1)]->go.release();
    job(0);  // block 0 runs on the calling thread
    std::unique_lock lock(mu_);
    done_.wait(lock, [&] { return remaining_ == 0; });
  }

  ~BlockPool() {
    for (auto& w : workers_) {
      w->stop = true;
      w->go.release();
    }
    for (auto& w : workers_) w->thread.join();
  }

 private:
  struct Worker {
    std::binary_semaphore go{0};
    bool stop = false;
    std::thread thread;
  };

  void ensure(int32_t n) {
    while (static_cast<int32_t>(workers_.size()) < n) {
      auto w = std::make_unique<Worker>();
      const int32_t block = static_cast<int32_t>(workers_.size()) + 1;
      Worker* raw = w.get();
      w->thread = std::thread([this, raw, block] { loop(*raw, block); });
      workers_.push_back(std::move(w));
    }
  }

  void loop(Worker& w, int32_t block) {
    for (;;) {
      w.go.acquire();
      if (w.stop) return;
      (*job_)(block);
      std::lock_guard lock(mu_);
      if (--remaining_ == 0) done_.notify_one();
    }
  }

  std::mutex launch_mu_, mu_;
  std::condition_variable done_;
  const std::function<void(int32_t)>* job_ = nullptr;
  int32_t remaining_ = 0;
  std::vector<std::unique_ptr<Worker>> workers_;
};

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

void BlockContext::atomic_add_out(const GmTensor<float>& dst, int64_t dst_off, const UbBuf<float>& src, int64_t src_off,
                                  int64_t count) {
  check_ub(src, src_off, count, "atomic_add_out");
  check_gm(dst, dst_off, count, "atomic_add_out");
  track(dst, dst_off, count, true);
  for (int64_t i = 0; i < count; ++i)
    std::atomic_ref<float>(dst.base[dst_off + i]).fetch_add(src.data()[src_off + i], std::memory_order_relaxed);
}

void BlockContext::sync_all() { shared_.barrier().arrive_and_wait(); }

std::string BlockContext::where() const {
  return fmt::format("{} block {}/{}, tiling: {}", shared_.spec().kernel, block_idx_, block_num_,
                     shared_.spec().tiling);
}

void BlockContext::record_write(WriteShadow& shadow, const std::string& name, int64_t b0, int64_t b1, bool atomic) {
  const uint16_t tag = static_cast<uint16_t>((block_idx_ + 1) | (atomic ? WriteShadow::kAtomicBit : 0));
  if (const uint16_t other = shadow.record(b0, b1, tag)) {
    throw KernelError(ACLNN_ERR_RUNTIME_ERROR,
                      fmt::format("write race on '{}' bytes [{}, {}): block {} {} where block {} already {} in this "
                                  "phase without a SyncAll; {}",
                                  name, b0, b1, block_idx_, atomic ? "adds atomically" : "stores",
                                  (other & ~WriteShadow::kAtomicBit) - 1,
                                  (other & WriteShadow::kAtomicBit) ? "added atomically" : "stored", where()));
  }
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

aclnnStatus launch(const LaunchSpec& spec, const std::function<void(BlockContext&)>& body, LaunchStats* stats) {
  if (spec.block_dim < 1 || spec.block_dim > kMaxEmulatedCores)
    return fail(ACLNN_ERR_INNER_TILING_ERROR, "{}: blockDim={} outside [1, {}]; tiling: {}", spec.kernel,
                spec.block_dim, kMaxEmulatedCores, spec.tiling);
  for (const auto& s : spec.shadows) s->clear();
  LaunchShared shared(spec);
  const std::function<void(int32_t)> job = [&](int32_t block) {
    UnifiedBuffer ub(thread_ub_backing(spec.ub_bytes), spec.ub_bytes, 32, block, &spec.tiling);
    BlockContext ctx(block, spec.block_dim, ub, shared);
    try {
      body(ctx);
    } catch (const KernelError& e) {
      shared.record_error(e);
    } catch (const std::exception& e) {
      shared.record_error(KernelError(ACLNN_ERR_INNER, std::string("kernel exception: ") + e.what()));
    }
    int64_t seen = shared.high_water.load();
    while (ub.high_water() > seen && !shared.high_water.compare_exchange_weak(seen, ub.high_water())) {
    }
    // A finished (or failed) block leaves the barrier so the others never wait for it.
    shared.barrier().arrive_and_drop();
  };
  BlockPool::instance().run(spec.block_dim, job);
  if (stats) stats->ub_high_water = shared.high_water.load();
  if (const KernelError* e = shared.error()) return fail(e->status, "{}", e->what());
  return ACLNN_SUCCESS;
}

}  // namespace pcemu
