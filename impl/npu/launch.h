// Kernel launch on the emulated NPU: blockDim blocks run concurrently on worker threads (one per
// block, so SyncAll is a real barrier), each with its own bounded UB.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "npu/block_context.h"

namespace pcemu {

struct LaunchSpec {
  std::string kernel;  // e.g. "MaxPool3DGradWithArgmax/Normal"
  std::string tiling;  // human-readable tiling parameters, quoted in every error
  int32_t block_dim = 1;
  int64_t ub_bytes = 0;
  std::vector<std::shared_ptr<WriteShadow>> shadows;  // checked and cleared at every SyncAll phase
};

struct LaunchStats {
  int64_t ub_high_water = 0;
};

// Host threads that may execute blocks at once; 0 = no limit (pcEmuSetHostThreads).
void set_host_threads(int32_t n);
// Host threads the emulator works on: pcEmuSetHostThreads, else the machine's cores.
int32_t host_threads();
// The block schedule of every launch (pcEmuSetSchedule): 0 = blocks spread over the host threads as they
// come free; otherwise one host thread runs each phase's blocks in an order drawn from the seed (sanitizer
// builds, with a thread per block, run them one at a time in the order the OS picks). Returns the previous.
uint64_t set_schedule_seed(uint64_t seed);

// Host-side work outside a launch (layout copies, memory fills): [0, total) in `shares` contiguous parts
// (clamped to [1, host_threads()]), each a multiple of `align` but the last; the first part runs on the
// calling thread, the others on the emulator's persistent helper threads (npu/host_workers.h), and all
// have finished when this returns.
void split_over_host_threads(int64_t total, int64_t shares, int64_t align,
                             const std::function<void(int64_t begin, int64_t end)>& work);

// Runs `body` once per block. Returns ACLNN_SUCCESS, or the status of the first KernelError (logged).
aclnnStatus launch(const LaunchSpec& spec, const std::function<void(BlockContext&)>& body, LaunchStats* stats);

// A writable GM tensor over device memory, with a fresh write shadow registered in `spec`.
template <typename T>
GmTensor<T> writable(LaunchSpec& spec, T* base, int64_t count, std::string name) {
  GmTensor<T> t{base, count, std::move(name), nullptr};
  t.shadow = std::make_shared<WriteShadow>(count * static_cast<int64_t>(sizeof(T)), t.name);
  spec.shadows.push_back(t.shadow);
  return t;
}

template <typename T>
GmTensor<T> readonly(const T* base, int64_t count, std::string name) {
  return GmTensor<T>{const_cast<T*>(base), count, std::move(name), nullptr};
}

}  // namespace pcemu
