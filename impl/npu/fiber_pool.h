// Runs the blocks of a launch as fibers on a few host threads: a block that reaches SyncAll switches to
// the next ready block instead of sleeping on an OS barrier, so a 48-block launch costs 48 context
// switches in user space rather than 48 thread wake-ups, and the host thread count is the machine's
// (pcEmuSetHostThreads), not blockDim. Sanitizer builds keep one OS thread per block (launch.cpp).
#pragma once

#include <cstdint>
#include <functional>

namespace pcemu {

// Which sanitizer runtime this build carries (gcc defines __SANITIZE_*__, clang answers __has_feature).
#if defined(__has_feature)
#define PCEMU_HAS_FEATURE(x) __has_feature(x)
#else
#define PCEMU_HAS_FEATURE(x) 0
#endif
#if defined(__SANITIZE_THREAD__) || PCEMU_HAS_FEATURE(thread_sanitizer)
inline constexpr bool kThreadSanitizer = true;  // LaunchShared's slot count in launch.cpp depends on it
#else
inline constexpr bool kThreadSanitizer = false;
#endif
#if defined(__SANITIZE_ADDRESS__) || PCEMU_HAS_FEATURE(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
// Sanitizers do not follow user-space context switches: their builds keep one OS thread per block.
inline constexpr bool kFiberBlocks = !kThreadSanitizer && !kAddressSanitizer;

class FiberPool {
 public:
  static FiberPool& instance();
  // Runs body(b) for b in [0, block_dim) on `hosts` threads (the caller is one). `phase_end` runs
  // whenever every block still running has reached SyncAll, before any of them continues. A nonzero
  // `order_seed` runs them on the calling thread alone, the blocks of each phase in an order drawn from
  // the seed: a reproducible interleaving that another seed changes.
  void run(int32_t block_dim, int32_t hosts, const std::function<void(int32_t)>& body,
           const std::function<void()>& phase_end, uint64_t order_seed = 0);
  // From inside block b of the running launch: SyncAll.
  void sync_all(int32_t block);
  // UB memory of block b (kept across SyncAll, whichever host thread resumes the block).
  unsigned char* ub_backing(int32_t block, int64_t bytes);
  ~FiberPool();

 private:
  FiberPool() = default;
  struct State;
  State* state();
  State* state_ = nullptr;
};

}  // namespace pcemu
