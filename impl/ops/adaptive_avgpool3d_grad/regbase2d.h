// The Regbase2d route of aclnnAdaptiveAvgPool2dBackward: on Ascend 950 ops-nn's op_api runs the l0
// AdaptiveAvgPool2dGrad kernel on the contiguous gradOutput (NCHW / CHW) and ViewCopies its result into `out`
// (aclnn_adaptive_avg_pool2d_backward.cpp, DoFusionAdaptiveAvgPool2DBackward with IsRegbase()). Its arch35 tiling
// (op_host/arch35) tries three templates in priority order:
//   BigKernel        (10) windows of at least 256 elements and wider than half a vector register;
//   NchwSmallKernel  (20) N*C >= 128, windows under 256 elements, enough gradOutput columns, no SIMT-friendly
//                         resize; a channels-last UB tile of up to a few vectors of planes;
//   SIMT             (50) always: one thread per element of `out`, 1024 per block.
// Names follow the emulator's: `x` is self / out (H, W), `y` is gradOutput (Ho, Wo).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "npu/block_context.h"
#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/common/kernel_args.h"
#include "ops/common/op_plan.h"

namespace pcemu::adaptive {

inline constexpr const char* kRegbase2dOpType = "AdaptiveAvgPool2dGrad";

enum class R2Template { SmallKernel = 1, BigKernel = 2, Simt = 3 };  // upstream's TEMPLATE_MODE values
const char* r2_template_name(R2Template t);

// The SIMT kernel's device functions, chosen in its Process() from the sizes (adaptive_avg_pool2d_grad_simt.h).
enum class SimtVariant {
  HInOne,
  SegFast4,
  SegFast3,
  SegFast2,
  HExpandW2,
  OutWRow2,
  HExpandExact12,
  OutWSmall,
  HReduceWExpand,
  Nchw
};
const char* simt_variant_name(SimtVariant v);

// Upstream's tiling data for the tile templates (BigKernel and NchwSmallKernel share the split fields).
struct R2Split {
  int64_t high_inner = 0, high_tail = 0, high_outer = 0;  // N*C planes per tile
  int64_t h_inner = 0, h_tail = 0, h_outer = 0;           // rows of x per tile
  int64_t w_inner = 0, w_tail = 0, w_outer = 0;           // columns of x per tile
  int64_t per_core = 0, last_core = 0, used_cores = 0, tiles = 0;
  // Big: grad buffer and fp32 output buffer; Small: input, transposed input and transposed output buffers.
  int64_t buf_a = 0, buf_b = 0, buf_c = 0, total_buffers = 0;
};

struct Regbase2dTiling {
  R2Template tmpl = R2Template::Simt;
  SimtVariant simt = SimtVariant::Nchw;
  uint64_t key = 0;
  int32_t block_dim = 1;
  bool atomics = false;  // none: every element of `out` is written by one tile or thread
  bool int64_index = false;
  int64_t nc = 0, hx = 0, wx = 0, hy = 0, wy = 0;
  R2Split s;
  int64_t ub_limit = 0, ub_planned = 0;

  std::string summary() const;
};

// Upstream's key: TEMPLATE_MODE in bits 0-3, INDEX_DTYPE (1 int32, 2 int64) in bits 4-11, IS_CHANNEL_LAST bit 12.
uint64_t r2_key(R2Template t, bool int64_index);

std::optional<Regbase2dTiling> plan_regbase2d_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                                     std::string* why);

// The template tests and searches of each tile template (regbase2d_big_tiling.cpp, regbase2d_small_tiling.cpp):
// true with `t.s` filled when the template takes the call.
bool big_kernel_tiling(const Problem& pr, const PlatformProfile& plat, Regbase2dTiling& t);
bool small_kernel_tiling(const Problem& pr, const PlatformProfile& plat, Regbase2dTiling& t);

Plan make_regbase2d_plan(const Problem& pr, const Regbase2dTiling& t, bool deterministic);

// grad (N*C, Ho, Wo) and out (N*C, H, W), both contiguous.
template <typename Codec>
using R2Args = PoolKernelArgs<Codec, Problem, Regbase2dTiling>;

template <typename Codec>
void r2_big_kernel(BlockContext& ctx, const R2Args<Codec>& a);
template <typename Codec>
void r2_small_kernel(BlockContext& ctx, const R2Args<Codec>& a);
template <typename Codec>
void r2_simt_kernel(BlockContext& ctx, const R2Args<Codec>& a);

}  // namespace pcemu::adaptive
