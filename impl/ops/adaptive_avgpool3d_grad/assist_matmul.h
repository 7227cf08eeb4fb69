// The AssistMatmul route of aclnnAdaptiveAvgPool2dBackward: ops-nn's op_api on the Atlas training and
// inference series (Ascend910, Ascend310P) for a gradOutput other than 1x1 (aclnn_adaptive_avg_pool2d_backward.cpp,
// DoFusionAdaptiveAvgPool2DBackward). Per plane, with window_h(i) / window_w(j) the adaptive windows:
//   AdaptiveAvgPool2dAssistMatrix (AICPU, fp32): left L (Ho, H) = 1 where h is in window_h(i), else 0;
//     right R (W, Wo) = 1 where w is in window_w(j); weight V (Ho, Wo) = 1 / (|window_h(i)| * |window_w(j)|).
//   Cast V to the dtype, Mul: vm = gradOutput * V in the dtype.
//   BatchMatMul(vm, L, adjX1): C1 (Wo, H) = vm^T L; BatchMatMul(C1, R, adjX1, adjX2): out (H, W) = C1^T R^T.
// Upstream, both BatchMatMuls run with cubeMathType 1 on a Cube without fp32 inputs (IsInputSupportFp32 is
// false off DAV_2201/3510): the operands are cast to fp16, the products accumulate in fp32 and the result is
// the output descriptor's dtype (gradOutput's: fp16 stays fp16 between the matmuls, fp32 is fp16-in fp32-out).
// So upstream an fp32 call carries fp16 operands through both matmuls. The document lists FLOAT32 on these
// SoCs with no precision caveat, so the documented profile keeps an fp32 call's operands in fp32 (the Mul,
// C1 and both matmuls); FLOAT16 computes in fp16 in both profiles.
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

// The executor keeps the entry point's op type (kOpType), as the FillMul route does; the launch is named
// after the route.
inline constexpr const char* kAssistKernel = "AdaptiveAvgPool2dBackward/AssistMatmul";
inline constexpr const char* kAssistStrategy = "AssistMatmul";

// One launch in two phases split by SyncAll: the Mul (flat over N*C*Ho*Wo, chunked) writes the first
// matmul's Cube operand to the workspace; then each task, an output row (plane, h), forms that row of C1^T
// (the first matmul) and multiplies it by R^T (the second).
struct AssistTiling {
  uint64_t key = 0;
  int32_t block_dim = 1;
  bool atomics = false;              // none: every output row is one task's
  int64_t mul_elems = 0;             // N*C*Ho*Wo
  int64_t row_tasks = 0;             // N*C*H
  int64_t ub_limit = 0, ub_row = 0;  // UB the row phase needs
  // Upstream profile: an fp32 call's Cube operands are cast to fp16 as ops-nn's chain casts them
  // [AA2.D.ASSIST_FLOAT]; documented (false): they stay fp32. FLOAT16 operands are fp16 either way.
  bool fp16_operands = false;

  std::string summary() const;
};

std::optional<AssistTiling> plan_assist_tiling(const Problem& pr, const PlatformProfile& plat, bool deterministic,
                                               std::string* why);

Plan make_assist_plan(const Problem& pr, const AssistTiling& t, bool deterministic);

// grad (N*C, Ho, Wo) and out (N*C, H, W) contiguous; acc: the workspace holding vm as the Cube operand (as fp32).
template <typename Codec>
using AssistArgs = PoolKernelArgs<Codec, Problem, AssistTiling>;

template <typename Codec>
void assist_matmul_kernel(BlockContext& ctx, const AssistArgs<Codec>& a);

}  // namespace pcemu::adaptive
