// Host tiling of MaxPool3DGradWithArgmax on Ascend 950 (regbase), in the spirit of ops-nn's two arch35
// templates: SIMD (priority 0, a gradInput-tile gather by region, capable when the tensor is int32-indexable
// and the smallest tile fits the UB) and SIMT (priority 5, one thread per gradInput element, always capable).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "npu/platform.h"
#include "ops/maxpool3d_grad/problem.h"

namespace pcemu::maxpool {

enum class RegbaseStrategy { Simd, Simt };
const char* regbase_strategy_name(RegbaseStrategy s);

// Tiling-key fields (upstream's template encoding): index type in bits 0-7, then one bit each.
inline constexpr uint64_t kKeyIndexInt32 = 1, kKeyIndexInt64 = 2;
inline constexpr uint64_t kKeySimt = 1u << 8, kKeyChannelLast = 1u << 9, kKeyCheckRange = 1u << 10, kKeyFull = 1u << 11;
inline constexpr int64_t kSimtThreads = 1024;  // threads per SIMT block

struct RegbaseTiling {
  RegbaseStrategy strategy = RegbaseStrategy::Simt;
  uint64_t key = 0;
  bool atomics = false;  // the 950 kernels never use GM atomics
  int32_t block_dim = 1;
  int64_t ub_limit = 0;
  int64_t ub_planned = 0;      // per-core UB the kernel allocates (SIMD: the buffer model; SIMT: its staging)
  bool int64_offsets = false;  // SIMT: element offsets in int64 (N*C*D*H*W above the int32 index limit)
  // Element offsets the kernel's offset type covers stay below this: the int32 index limit (the largest element
  // count indexed with int32) for int32 offsets. A kernel that computes one at or past it has overflowed (the
  // emulator refuses it, where a device would wrap).
  int64_t offset_limit = INT64_MAX;
  int64_t index_bytes = 4;  // element size of the indices tensor (INT32 or INT64)

  // SIMD: gradInput tiles of `high_inner` N*C planes x inner[D, H, W], with outer counts and tail sizes.
  bool check_range = false;  // IS_CHECK_RANGE: drop argmax values outside the tile
  bool full = false;         // IS_FULL: whole D*H*W planes per tile (the NC split)
  int64_t high_inner = 1, high_outer = 1, high_tail = 1;
  std::array<int64_t, 3> inner{1, 1, 1}, outer{1, 1, 1}, tail{1, 1, 1};
  std::array<int64_t, 3> pro_batch{1, 1, 1};  // interleave of grad positions so one vector's lanes never collide
  int64_t block_elems = 8;                    // elements per 32-byte block, the larger of value and index
  int64_t total_blocks = 0, normal_blocks = 0, tail_blocks = 0;  // tiles, per core, on the last core
  int64_t grad_bytes = 0, argmax_bytes = 0, output_bytes = 0;    // one buffer each (double-buffered)

  // Profile behaviour: the documented library checks every index first; the upstream profile does not.
  bool check_indices = true;

  std::string summary() const;
};

// Whether the platform tiles MaxPool3DGradWithArgmax with the regbase templates.
inline bool uses_regbase_tiling(const PlatformProfile& plat) { return plat.regbase; }

// `i32_limit`: the largest N*C*D*H*W indexed with int32 (pcEmuSetInt32IndexLimit).
std::optional<RegbaseTiling> plan_regbase(const Problem& pr, const PlatformProfile& plat, int64_t i32_limit,
                                          std::string* why);
// plan_call's signature: the knob's current value; deterministic mode changes nothing on 950.
std::optional<RegbaseTiling> plan_regbase_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                                 std::string* why);

// The grad window [first, end) that reaches gradInput positions [x0, x1) along one axis (the inverse of the
// pooling formula, PyTorch's pstart/pend); empty when none does.
std::array<int64_t, 2> grad_window(const Problem& pr, int axis, int64_t x0, int64_t x1);

}  // namespace pcemu::maxpool
