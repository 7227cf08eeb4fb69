// The Upstream profile's DOUBLE AllOne path of aclnnAdaptiveAvgPool3dBackward: ops-nn accepts DOUBLE for a
// 1x1x1 gradOutput and computes it with the generic Fill and Mul in double.
#pragma once

#include "npu/platform.h"
#include "ops/adaptive_avgpool3d_grad/problem.h"
#include "ops/common/op_plan.h"

namespace pcemu::adaptive {

// The executor's plan: out[nc, d, h, w] = gradOutput[nc] * (double)(float)(1.0 / (D*H*W)).
Plan all_one_double_plan(const Problem& pr, const PlatformProfile& plat, bool deterministic);

}  // namespace pcemu::adaptive
