// Shared pieces of the three A2/A3 tiling templates: saturating size arithmetic (common/int_math.h; upstream computes
// in uint64 and would wrap for kernels near INT64_MAX; a saturated size simply does not fit) and the
// template-independent parameters every template starts from.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>

#include "common/int_math.h"
#include "npu/faults.h"
#include "npu/platform.h"
#include "ops/maxpool3d_grad/problem.h"
#include "ops/maxpool3d_grad/tiling.h"

namespace pcemu::maxpool::tiling_detail {

// The model a template compares with the UB; the "ub_model_short" fault makes it under-count by a quarter,
// so tiles it calls fitting overflow the kernels' real buffers.
inline int64_t modelled(int64_t bytes) { return fault_on(Fault::UbModelShort) ? bytes / 4 * 3 : bytes; }

// Input extent that `tile` output positions span along axis a before clipping: (tile - 1) * s + k.
inline int64_t span_len(const Problem& pr, int a, int64_t tile) { return sat_add(sat_mul(tile - 1, pr.s[a]), pr.k[a]); }

// What every template reads from the problem and the platform (upstream's maxPoolGradParams before tiling).
struct Params {
  const Problem* pr = nullptr;
  int64_t cores = 0, ub = 0, dt = 4;
  bool overlap = false;
  bool deterministic = false;
};

// The isInitOutput rule: some input element lies outside every window (gaps between windows, or the last
// window ends before the input does), or the windows overlap.
bool init_output_rule(const Problem& pr, bool overlap);

// Workspace rule shared by the templates: fp16/bf16 with overlap accumulate in fp32 in GM.
void set_workspace(const Problem& pr, Tiling* t);

std::optional<Tiling> cutk_tiling(const Params& p);
std::optional<Tiling> normal_tiling(const Params& p);
std::optional<Tiling> scatter_tiling(const Params& p, std::string* why);

}  // namespace pcemu::maxpool::tiling_detail
