// AdaptiveAvgPool3dBackward on A2/A3 (and the Atlas training/inference series, which share the
// non-regbase kernels). Two paths as in ops-nn:
//   AllOne:  the output is 1x1x1: a fill of 1/(D*H*W) in the tensor dtype times the gradient (in dtype).
//   General: gradOutput transposed to (Do, Ho, Wo, N*C); tasks are output positions (small N*C: several
//            per UB pass) or (position, N*C slice) pairs (large N*C); every window element gets the
//            scaled row, atomically when the sizes do not divide (windows overlap or repeat).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"

namespace pcemu::adaptive {

enum class Path { AllOne, General };
const char* path_name(Path p);

struct Tiling {
  Path path = Path::General;
  uint64_t key = 0;
  int32_t block_dim = 1;   // cores launched (all of them: the idle ones help zero the output)
  int64_t used_cores = 1;  // cores with tasks
  bool atomics = false;
  bool fp32_workspace = false;
  bool nc_large = false;
  int64_t nc = 0, nc_align = 0;
  // N*C slices; the tail is ops-nn's ncAlignSliceTail (N*C aligned when there is one slice).
  int64_t slice_len = 0, slice_num = 1, slice_tail = 0;
  int64_t task_num = 0, y_per_calc = 1, per_core = 0, last_core = 0;
  int64_t ub_limit = 0, ub_planned = 0;
  // Upstream profile: the AllOne fill is ops-nn's `float fill = 1.0 / (D*H*W)` (a double division rounded
  // to float) rather than a float division (set by upstream_op_api.cpp).
  bool fill_from_double = false;

  std::string summary() const;
};

std::optional<Tiling> plan_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic, std::string* why);

}  // namespace pcemu::adaptive
